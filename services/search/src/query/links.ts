import type { SearchKind } from '../engine/search-engine';

/** The member site's address of a search result. */
export const LINKS: Record<SearchKind, (id: string) => string> = {
  topic: (id) => `/thread?topicId=${encodeURIComponent(id)}`,
  question: (id) => `/question?questionId=${encodeURIComponent(id)}`,
  help: (id) => `/helpDetail?helpId=${encodeURIComponent(id)}`,
};

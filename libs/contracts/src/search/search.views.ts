import type { AuthorView } from '../identity/author.views';

/** What the search finds: forum topics, Q&A questions and help pages. */
export type SearchKind = 'topic' | 'question' | 'help';

/** A search hit (`GET /api/search`). */
export interface SearchResultView {
  kind: SearchKind;
  id: string;
  /** HTML: escaped text with the matched words in `<mark>`. */
  title: string;
  snippet: string;
  tagIds: string[];
  createdAt: string;
  author: AuthorView | null;
  /** The member site's address of the result. */
  link: string;
}

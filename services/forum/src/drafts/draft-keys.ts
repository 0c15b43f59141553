import { DomainError } from '@forum/event-store';
import { COMMENT_CONTENT_MAX } from '../comments/comment.schemas';
import { CONTENT_MAX as TOPIC_CONTENT_MAX } from '../topics/topic.schemas';

/** Q&A's content limit (services/qa/src/questions/question.schemas.ts), kept here: the forum does not import qa. */
const QA_CONTENT_MAX = 200_000;

/**
 * The editors that keep a draft, each with the content limit of what it sends (docs/rules/forum.md, drafts):
 * `topic:new`, `question:new`, and `<kind>:<id>` for the others, the id naming what is written into or edited.
 */
export const DRAFT_KINDS = {
  topic: { target: 'new', contentMax: TOPIC_CONTENT_MAX },
  question: { target: 'new', contentMax: QA_CONTENT_MAX },
  'topic-edit': { target: 'id', contentMax: TOPIC_CONTENT_MAX },
  comment: { target: 'id', contentMax: COMMENT_CONTENT_MAX },
  reply: { target: 'id', contentMax: COMMENT_CONTENT_MAX },
  answer: { target: 'id', contentMax: QA_CONTENT_MAX },
} as const;

export type DraftKind = keyof typeof DRAFT_KINDS;

export interface DraftKey {
  key: string;
  kind: DraftKind;
  /** The topic, comment or question written into (or the topic edited); null for a new topic or question. */
  targetId: string | null;
}

/** The ids the forum and Q&A give their streams (as `routeId` accepts them). */
const TARGET_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads a draft key, or refuses it with `forum.draft_key_invalid`. */
export function parseDraftKey(key: string): DraftKey {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const target = key.slice(colon + 1);
  if (colon > 0 && Object.hasOwn(DRAFT_KINDS, kind)) {
    const spec = DRAFT_KINDS[kind as DraftKind];
    if (spec.target === 'new' ? target === 'new' : TARGET_ID.test(target)) {
      return { key, kind: kind as DraftKind, targetId: spec.target === 'new' ? null : target };
    }
  }
  throw new DomainError('forum.draft_key_invalid', { key: key.slice(0, 80) });
}

export interface DraftStamp {
  key: string;
  updatedAt: Date;
}

/**
 * Which of a member's drafts go when `saving` is written and at most `cap` may be kept: the least recently saved
 * ones beyond the cap (the one being saved never goes; saving it again replaces it and counts once).
 */
export function draftsToDrop(existing: readonly DraftStamp[], saving: string, cap: number): string[] {
  const others = existing.filter((draft) => draft.key !== saving);
  const excess = others.length + 1 - cap;
  if (excess <= 0) return [];
  return [...others]
    .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.key < b.key ? -1 : 1))
    .slice(0, excess)
    .map((draft) => draft.key);
}

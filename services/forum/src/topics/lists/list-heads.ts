import type { TopicEvent } from '@forum/contracts';

/**
 * Precomputed list documents (ADR 0009). Each list (`home`, `essence`, `tag:<id>`, `hot`) has one document in
 * `topic_list_heads`, `_id` = the list key, holding the ids of its first HEAD_SIZE topics in order, so the
 * first pages of every list are one read by `_id` (the Mongo stand-in has no working secondary index). Pinned
 * topics are kept apart in the `pinned` document (few, ordered by weight). Deeper pages fall back to a query
 * on `topic_list_memberships`, which an index serves on real MongoDB.
 */
export const TOPIC_LIST_HEADS = 'topic_list_heads';
export const TOPIC_LIST_MEMBERSHIPS = 'topic_list_memberships';
export const HEAD_SIZE = 200;
export const PINNED_KEY = 'pinned';
export const HOT_KEY = 'hot';

export const listKeys = {
  home: 'home',
  essence: 'essence',
  tag: (tagId: string) => `tag:${tagId}`,
};

export interface ListHeadDocument {
  _id: string;
  ids: string[];
  /** Only in `pinned`: the pinned topics, highest weight first, then newest. */
  entries?: { id: string; w: number }[];
  /** Only in `hot`: how many topics were ranked. */
  total?: number;
  computedAt?: string;
}

/** What the maintainer remembers per topic to know which lists it leaves or joins. */
export interface MembershipDocument {
  _id: string;
  version: number;
  tagIds: string[];
  essence: boolean;
  pinWeight: number;
  deleted: boolean;
  /** The lists the topic belongs to now (queried for deep pages and refills). */
  lists: string[];
}

export type Membership = Omit<MembershipDocument, '_id' | 'version' | 'lists'>;

export const NO_MEMBERSHIP: Membership = { tagIds: [], essence: false, pinWeight: 0, deleted: true };

export function evolveMembership(state: Membership, event: TopicEvent): Membership {
  switch (event.type) {
    case 'TopicPosted':
      return { tagIds: event.data.tagIds, essence: false, pinWeight: 0, deleted: false };
    case 'TopicEdited':
      return { ...state, tagIds: event.data.tagIds };
    case 'TopicDeleted':
      return { ...state, deleted: true };
    case 'TopicRestored':
      return { ...state, deleted: false };
    case 'TopicPinned':
      return { ...state, pinWeight: event.data.weight };
    case 'TopicUnpinned':
      return { ...state, pinWeight: 0 };
    case 'TopicEssenceSet':
      return { ...state, essence: true };
    case 'TopicEssenceCleared':
      return { ...state, essence: false };
  }
}

export function listsOf(state: Membership): string[] {
  if (state.deleted) return [];
  return [listKeys.home, ...state.tagIds.map(listKeys.tag), ...(state.essence ? [listKeys.essence] : [])];
}

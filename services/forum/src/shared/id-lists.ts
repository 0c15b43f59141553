import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import type { ReadModelWriter } from '@forum/event-bus';

/**
 * Precomputed id lists, one document per owner (`_id: <list>:<owner>`): a topic's live comments, a member's
 * likes… A page is one `_id` read plus one `$in` read of the rows, so the Mongo stand-in (where every
 * non-unique index is a full scan) never decides the speed of a list. Each change is applied once per source
 * stream version (`updateOnce`), so redelivery neither re-adds a removed id nor double-adds.
 */
export const ID_LISTS = 'forum_lists';

export type ListName =
  | 'topicComments'
  | 'commentReplies'
  | 'memberComments'
  | 'memberReplies'
  | 'memberLikes'
  | 'memberFavourites'
  | 'topicLikers'
  | 'topicFavouriters'
  | 'memberDynamics'
  /** A member's items held for review (ADR 0014), shown to them inline. */
  | 'memberPending';

export interface IdListDocument {
  _id: string;
  ids: string[];
}

export const listKey = (list: ListName, owner: string): string => `${list}:${owner}`;

export function addToList(
  writer: ReadModelWriter,
  list: ListName,
  owner: string,
  event: EventEnvelope,
  id: string,
): void {
  writer.updateOnce(ID_LISTS, listKey(list, owner), event, { $addToSet: { ids: id } }, { upsert: true });
}

export function removeFromList(
  writer: ReadModelWriter,
  list: ListName,
  owner: string,
  event: EventEnvelope,
  id: string,
): void {
  writer.updateOnce(ID_LISTS, listKey(list, owner), event, { $pull: { ids: id } as never }, { upsert: true });
}

/**
 * A list's ids in display order: `byId` sorts time-ordered ids (UUIDv7) newest or oldest first; otherwise the
 * list's arrival order (newest last) is used.
 */
export async function readList(
  db: Db,
  list: ListName,
  owner: string,
  order: 'oldestFirst' | 'newestFirst',
  byId = true,
): Promise<string[]> {
  const doc = await db
    .collection<IdListDocument>(ID_LISTS)
    .findOne({ _id: listKey(list, owner) }, { projection: { ids: 1 } });
  const ids = [...(doc?.ids ?? [])];
  if (byId) ids.sort();
  if (order === 'newestFirst') ids.reverse();
  return ids;
}

/** Fetches rows by `_id` and returns them in the order of `ids` (missing ones dropped). */
export async function rowsInOrder<T extends { _id: string }>(db: Db, collection: string, ids: string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .collection<T>(collection)
    .find({ _id: { $in: ids } } as never)
    .toArray();
  const byId = new Map<string, T>(rows.map((row) => [String(row._id), row as T]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

import { Inject, Injectable } from '@nestjs/common';
import type { Collection, Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import {
  HEAD_SIZE,
  HOT_KEY,
  ListHeadDocument,
  listKeys,
  MembershipDocument,
  PINNED_KEY,
  TOPIC_LIST_HEADS,
  TOPIC_LIST_MEMBERSHIPS,
} from './list-heads';
import { TopicListMaintainer } from './list-maintainer';

export type ListName = { kind: 'home' } | { kind: 'essence' } | { kind: 'hot' } | { kind: 'tag'; tagId: string };

/** How long a process reuses a big list's counted total (counting is a scan on the stand-in). */
const TOTAL_TTL_MS = 10_000;

export interface IdPage {
  ids: string[];
  total: number;
}

/**
 * A page of topic ids of one list. The first HEAD_SIZE positions come from the precomputed head documents (one
 * `$in` read by `_id`: `pinned` and the list's head); deeper pages query the memberships (ADR 0009).
 */
@Injectable()
export class TopicListReader {
  private readonly heads: Collection<ListHeadDocument>;
  private readonly memberships: Collection<MembershipDocument>;
  private readonly totals = new Map<string, { at: number; total: Promise<number> }>();

  constructor(@Inject(CONTEXT_DB) db: Db, maintainer: TopicListMaintainer) {
    this.heads = db.collection(TOPIC_LIST_HEADS);
    this.memberships = db.collection(TOPIC_LIST_MEMBERSHIPS);
    maintainer.changed.add((lists) => lists.forEach((list) => this.totals.delete(list)));
  }

  keyOf(list: ListName): string {
    return list.kind === 'tag' ? listKeys.tag(list.tagId) : list.kind === 'hot' ? HOT_KEY : list.kind;
  }

  async page(list: ListName, page: number, pageSize: number): Promise<IdPage> {
    const key = this.keyOf(list);
    const wanted = list.kind === 'home' ? [PINNED_KEY, key] : [key];
    const docs = new Map((await this.heads.find({ _id: { $in: wanted } }).toArray()).map((doc) => [doc._id, doc]));
    const head = docs.get(key)?.ids ?? [];
    const pinned = list.kind === 'home' ? (docs.get(PINNED_KEY)?.entries ?? []).map((entry) => entry.id) : [];
    const pinnedSet = new Set(pinned);
    const sequence = [...pinned, ...head.filter((id) => !pinnedSet.has(id))];
    const offset = (page - 1) * pageSize;
    // The hot list is only ever its ranked head; others are complete when the head is not full.
    const complete = list.kind === 'hot' || head.length < HEAD_SIZE;
    if (complete) {
      return { ids: sequence.slice(offset, offset + pageSize), total: sequence.length };
    }
    const total = await this.total(key, pinned.length, pinned);
    if (offset + pageSize <= sequence.length) return { ids: sequence.slice(offset, offset + pageSize), total };
    // Deep page: past the pinned ones, newest first among the rest.
    const skip = Math.max(0, offset - pinned.length);
    const deep = await this.memberships
      .find({ lists: key, _id: { $nin: pinned } }, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .skip(skip)
      .limit(pageSize)
      .toArray();
    return { ids: deep.map((doc) => doc._id), total };
  }

  private total(key: string, pinnedCount: number, pinned: string[]): Promise<number> {
    const cached = this.totals.get(key);
    if (cached && Date.now() - cached.at < TOTAL_TTL_MS) return cached.total;
    const total = this.memberships
      .countDocuments({ lists: key, _id: { $nin: pinned } })
      .then((count) => count + pinnedCount);
    this.totals.set(key, { at: Date.now(), total });
    total.catch(() => this.totals.delete(key));
    return total;
  }
}

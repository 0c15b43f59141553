import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { CONTEXT_DB } from '@forum/platform';
import type { UnlockGrantRecord } from './opened-blocks';
import { MEMBER_POINTS, TOPIC_COMMENTERS, TOPIC_UNLOCKS, TopicUnlockDocument } from './unlock.projections';

/**
 * How long a fact that can still change is kept when no projection in this process announced a change to it: what
 * a reader waits, at most, for a change another replica applied (like the thread cache, ADR 0028).
 */
export const READER_FACTS_MAX_AGE_MS = 200;
const MAX_ENTRIES = 20_000;

interface Fact<V> {
  at: number;
  value: Promise<V>;
  /** The value once read (a pending read is shared, and dropped by any change heard meanwhile). */
  known?: { value: V };
}

/** One kind of fact by key, each remembered from the moment its read starts. */
class Facts<V> {
  private readonly entries = new Map<string, Fact<V>>();

  /** `lasts`: a value that can no longer change (kept until evicted, whatever its age). */
  constructor(private readonly lasts: (value: V) => boolean = () => false) {}

  /** The values of `keys`: those held and fresh, the others read at once by `read` (`absent` when it has none). */
  async load(keys: string[], absent: V, read: (keys: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const now = Date.now();
    const values = new Map<string, Promise<V>>();
    const missing: string[] = [];
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && (!entry.known || this.lasts(entry.known.value) || now - entry.at < READER_FACTS_MAX_AGE_MS))
        values.set(key, entry.value);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const batch = read(missing);
      for (const key of missing) {
        const value = batch.then((found) => (found.has(key) ? found.get(key)! : absent));
        const entry: Fact<V> = { at: now, value };
        this.store(key, entry);
        value.then(
          (known) => (entry.known = { value: known }),
          () => this.entries.get(key) === entry && this.entries.delete(key),
        );
        values.set(key, value);
      }
    }
    const result = new Map<string, V>();
    for (const [key, value] of values) result.set(key, await value);
    return result;
  }

  /** A value learnt from an applied event. */
  set(key: string, value: V): void {
    this.store(key, { at: Date.now(), value: Promise.resolve(value), known: { value } });
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, entry: Fact<V>): void {
    this.entries.delete(key);
    // The oldest entry goes first.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}

/**
 * What opens hidden blocks for a member, kept in memory so a page view reads none of it from the database
 * (issue 18): whether they commented on a topic (type 20), their unlock records on a topic (10, 40, 50), their
 * points (30). The projections that record them announce each applied batch (`ProjectionWaiter.onApplied`) before
 * the waiting command answers, so what a member just did counts on their very next request here:
 * - `CommentPosted` marks its author as having commented at once (the commenters projection records exactly that,
 *   and never forgets it: a "commented" fact is kept until evicted);
 * - `HiddenContentUnlocked` drops the member's records on that topic, `PointsCredited`/`PointsDebited` their points
 *   (read again on the next view, from the read model the projection wrote).
 * Every other fact is read again after READER_FACTS_MAX_AGE_MS: a change applied by another replica. A read that
 * started before a change and ends after it is not kept (the change drops the pending entry).
 */
@Injectable()
export class ReaderFacts {
  private readonly commented = new Facts<boolean>((value) => value);
  private readonly unlocks = new Facts<UnlockGrantRecord[]>();
  private readonly points = new Facts<number>();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    waiter: ProjectionWaiter,
  ) {
    waiter.onApplied((events) => this.heard(events));
  }

  /** The topics of `topicIds` the member commented on. */
  async commentedOn(memberId: string, topicIds: string[]): Promise<Set<string>> {
    if (topicIds.length === 0) return new Set();
    const facts = await this.commented.load(
      topicIds.map((topicId) => `${topicId}:${memberId}`),
      false,
      async (keys) => {
        const docs = await this.db
          .collection<{ _id: string }>(TOPIC_COMMENTERS)
          .find({ _id: { $in: keys } }, { projection: { _id: 1 } })
          .toArray();
        return new Map(docs.map((doc) => [doc._id, true]));
      },
    );
    return new Set(topicIds.filter((topicId) => facts.get(`${topicId}:${memberId}`)));
  }

  /** The member's unlock records on each of `topicIds` (none: an empty list). */
  async unlocksOn(memberId: string, topicIds: string[]): Promise<Map<string, UnlockGrantRecord[]>> {
    if (topicIds.length === 0) return new Map();
    const facts = await this.unlocks.load(
      topicIds.map((topicId) => `${topicId}:${memberId}`),
      [],
      async (keys) => {
        const docs = await this.db
          .collection<TopicUnlockDocument>(TOPIC_UNLOCKS)
          .find({ _id: { $in: keys } }, { projection: { records: 1 } })
          .toArray();
        return new Map(docs.map((doc) => [doc._id, doc.records ?? []]));
      },
    );
    return new Map(topicIds.map((topicId) => [topicId, facts.get(`${topicId}:${memberId}`) ?? []]));
  }

  /** The member's points as the wallet last booked them (absent: 0). */
  async pointsOf(memberId: string): Promise<number> {
    const facts = await this.points.load([memberId], 0, async ([id]) => {
      const doc = await this.db
        .collection<{ _id: string; points?: number }>(MEMBER_POINTS)
        .findOne({ _id: id! }, { projection: { points: 1 } });
      return new Map(doc ? [[doc._id, doc.points ?? 0]] : []);
    });
    return facts.get(memberId) ?? 0;
  }

  /** Forgets everything (a change no event announces: a read model written by hand, a rebuild). */
  clear(): void {
    this.commented.clear();
    this.unlocks.clear();
    this.points.clear();
  }

  private heard(events: EventEnvelope[]): void {
    for (const event of events) {
      const data = (event.data ?? {}) as Record<string, unknown>;
      switch (event.type) {
        case 'CommentPosted':
          if (typeof data.topicId === 'string' && typeof data.authorId === 'string')
            this.commented.set(`${data.topicId}:${data.authorId}`, true);
          break;
        case 'HiddenContentUnlocked':
          this.unlocks.drop(`${String(data.topicId)}:${String(data.memberId)}`);
          break;
        case 'PointsCredited':
        case 'PointsDebited':
          this.points.drop(String(data.memberId));
          break;
      }
    }
  }
}

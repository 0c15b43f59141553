import { createHash } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Collection, Db } from 'mongodb';
import type { Actor } from '@forum/contracts';
import { CONTEXT_DB, ReadCounts, readPeriod } from '@forum/platform';

export { readPeriod } from '@forum/platform';

export const TOPIC_READS = 'topic_reads';
export const TOPIC_READ_MARKS = 'topic_read_marks';

/** How often counted reads are written (marks and counts), and how long a topic's stored count is trusted. */
const FLUSH_MS = 250;
const STORED_TTL_MS = 1_000;
/** Viewers remembered for the day before the set is started again (the stored marks still refuse doubles). */
const SEEN_MAX = 200_000;

/**
 * Topic read counts, once per viewer per day (ADR 0009), counted off the response path (ADR 0028): a view is
 * decided against the marks this process remembers for the day, answered at once, and the marks and counts are
 * written in batches every FLUSH_MS (`insertMany` of the marks, unordered: a mark another replica or an earlier
 * run stored collides and counts nothing; then one `$inc` per topic). A topic's count is the stored one (read at
 * most once a second per topic) plus this process's reads not yet confirmed stored. A crash loses at most the
 * reads of the last FLUSH_MS, never counts one twice. The hot ranker drops old marks.
 */
@Injectable()
export class TopicReads extends ReadCounts implements OnModuleDestroy {
  private readonly countsCollection: Collection<{ _id: string; readCount: number }>;
  private readonly marksCollection: Collection<{ _id: string; day: string }>;
  private seenDay = '';
  private readonly seen = new Set<string>();
  /** Marks counted here and not yet written: mark id → topic. */
  private pending = new Map<string, { itemId: string; day: string }>();
  /** Reads counted here and not yet confirmed stored, per topic (pending and in flight). */
  private readonly unconfirmed = new Map<string, number>();
  private readonly stored = new Map<string, { at: number; value: Promise<number> }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(@Inject(CONTEXT_DB) db: Db) {
    super(db, { counts: TOPIC_READS, marks: TOPIC_READ_MARKS });
    this.countsCollection = db.collection(TOPIC_READS);
    this.marksCollection = db.collection(TOPIC_READ_MARKS);
  }

  /** Whether this view counts (the viewer's first today); the write happens later, off the response path. */
  override count(itemId: string, viewer: Actor, now: Date): Promise<boolean> {
    return Promise.resolve(this.countNow(itemId, viewer, now));
  }

  countNow(itemId: string, viewer: Actor, now: Date): boolean {
    const day = readPeriod(now);
    if (day !== this.seenDay || this.seen.size >= SEEN_MAX) {
      this.seen.clear();
      this.seenDay = day;
    }
    const mark = `${itemId}|${viewerKey(viewer)}|${day}`;
    if (this.seen.has(mark)) return false;
    this.seen.add(mark);
    this.pending.set(mark, { itemId, day });
    this.unconfirmed.set(itemId, (this.unconfirmed.get(itemId) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    return true;
  }

  /** Stored counts plus this process's reads not yet stored. */
  override async of(itemIds: string[]): Promise<Map<string, number>> {
    const counts = await super.of(itemIds);
    for (const id of itemIds) {
      const extra = this.unconfirmed.get(id);
      if (extra) counts.set(id, (counts.get(id) ?? 0) + extra);
    }
    return counts;
  }

  /** One topic's count, its stored part read at most once a second (the topic page reads it on every view). */
  async current(itemId: string): Promise<number> {
    let stored = this.stored.get(itemId);
    if (!stored || Date.now() - stored.at >= STORED_TTL_MS) {
      if (this.stored.size >= SEEN_MAX) this.stored.clear();
      const value = this.countsCollection
        .findOne({ _id: itemId })
        .then((doc) => doc?.readCount ?? 0)
        .catch((error: unknown) => {
          if (this.stored.get(itemId)?.value === value) this.stored.delete(itemId);
          throw error;
        });
      stored = { at: Date.now(), value };
      this.stored.set(itemId, stored);
    }
    return (await stored.value) + (this.unconfirmed.get(itemId) ?? 0);
  }

  /** Writes the counted reads now (also at shutdown). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => undefined);
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    this.timer = null;
    const batch = this.pending;
    if (batch.size === 0) return;
    this.pending = new Map();
    const inserted = new Set(batch.keys());
    try {
      await this.marksCollection.insertMany(
        [...batch].map(([_id, { day }]) => ({ _id, day })),
        { ordered: false },
      );
    } catch (error) {
      const errors = (error as { writeErrors?: { index: number; code?: number }[] | { index: number } }).writeErrors;
      const list = Array.isArray(errors) ? errors : errors ? [errors] : null;
      if (!list) {
        // Nothing known stored: these reads are counted again on the next flush.
        for (const [mark, read] of batch) this.pending.set(mark, read);
        this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS * 4);
        return;
      }
      const marks = [...batch.keys()];
      for (const writeError of list) if (writeError.index !== undefined) inserted.delete(marks[writeError.index]!);
    }
    const byItem = new Map<string, number>();
    const counted = new Map<string, number>();
    for (const [mark, { itemId }] of batch) {
      counted.set(itemId, (counted.get(itemId) ?? 0) + 1);
      if (inserted.has(mark)) byItem.set(itemId, (byItem.get(itemId) ?? 0) + 1);
    }
    try {
      if (byItem.size > 0)
        await this.countsCollection.bulkWrite(
          [...byItem].map(([itemId, n]) => ({
            updateOne: { filter: { _id: itemId }, update: { $inc: { readCount: n } }, upsert: true },
          })),
          { ordered: false },
        );
    } finally {
      // Stored now (or lost with a failed write): no longer added on top, and the stored part is read again.
      for (const [itemId, n] of counted) {
        const left = (this.unconfirmed.get(itemId) ?? 0) - n;
        if (left > 0) this.unconfirmed.set(itemId, left);
        else this.unconfirmed.delete(itemId);
        this.stored.delete(itemId);
      }
    }
  }
}

function viewerKey(viewer: Actor): string {
  return viewer.id
    ? `m:${viewer.id}`
    : `v:${createHash('sha256')
        .update(viewer.ip ?? 'unknown')
        .digest('hex')
        .slice(0, 24)}`;
}

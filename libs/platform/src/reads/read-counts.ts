import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { Actor } from '@forum/contracts';

/** A viewer counts once per item per UTC day (ADR 0009). */
export function readPeriod(now: Date): string {
  return now.toISOString().slice(0, 10);
}

interface ReadCountDocument {
  _id: string;
  readCount: number;
}

/**
 * Read counts (a topic's, a question's): not domain events (every page view would be one), but counted once per
 * viewer per period: the first view inserts a mark `<item>|<viewer>|<day>` (unique `_id`: a second view collides
 * and counts nothing), then increments the item's count. A crash between the two loses one read, never counts
 * one twice. Visitors are told apart by a hash of their address (the address itself is not stored). Marks are
 * dropped by a periodic job after a few days (TTL indexes do not run on the stand-in).
 */
export class ReadCounts {
  private readonly counts: Collection<ReadCountDocument>;
  private readonly marks: Collection<{ _id: string; day: string }>;

  constructor(db: Db, collections: { counts: string; marks: string }) {
    this.counts = db.collection(collections.counts);
    this.marks = db.collection(collections.marks);
  }

  async count(itemId: string, viewer: Actor, now: Date): Promise<boolean> {
    const who = viewer.id
      ? `m:${viewer.id}`
      : `v:${createHash('sha256')
          .update(viewer.ip ?? 'unknown')
          .digest('hex')
          .slice(0, 24)}`;
    const day = readPeriod(now);
    try {
      await this.marks.insertOne({ _id: `${itemId}|${who}|${day}`, day });
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
    await this.counts.updateOne({ _id: itemId }, { $inc: { readCount: 1 } }, { upsert: true });
    return true;
  }

  async of(itemIds: string[]): Promise<Map<string, number>> {
    if (itemIds.length === 0) return new Map();
    const docs = await this.counts.find({ _id: { $in: itemIds } }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc.readCount]));
  }

  async forgetMarksBefore(day: string): Promise<void> {
    await this.marks.deleteMany({ day: { $lt: day } });
  }
}

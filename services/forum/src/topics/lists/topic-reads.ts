import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Collection, Db } from 'mongodb';
import type { Actor } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';

export const TOPIC_READS = 'topic_reads';
export const TOPIC_READ_MARKS = 'topic_read_marks';

/** A viewer counts once per topic per UTC day (ADR 0009). */
export function readPeriod(now: Date): string {
  return now.toISOString().slice(0, 10);
}

interface ReadCountDocument {
  _id: string;
  readCount: number;
}

/**
 * Read counts: not domain events (every page view would be one), but counted once per viewer per period: the
 * first view inserts a mark `<topic>|<viewer>|<day>` (unique `_id`: a second view collides and counts nothing),
 * then increments the topic's count. A crash between the two loses one read, never counts one twice. Visitors
 * are told apart by a hash of their address (the address itself is not stored). Marks are dropped by the hot
 * ranker after a few days (TTL indexes do not run on the stand-in).
 */
@Injectable()
export class TopicReads {
  private readonly counts: Collection<ReadCountDocument>;
  private readonly marks: Collection<{ _id: string; day: string }>;

  constructor(@Inject(CONTEXT_DB) db: Db) {
    this.counts = db.collection(TOPIC_READS);
    this.marks = db.collection(TOPIC_READ_MARKS);
  }

  async count(topicId: string, viewer: Actor, now: Date): Promise<boolean> {
    const who = viewer.id
      ? `m:${viewer.id}`
      : `v:${createHash('sha256')
          .update(viewer.ip ?? 'unknown')
          .digest('hex')
          .slice(0, 24)}`;
    const day = readPeriod(now);
    try {
      await this.marks.insertOne({ _id: `${topicId}|${who}|${day}`, day });
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
    await this.counts.updateOne({ _id: topicId }, { $inc: { readCount: 1 } }, { upsert: true });
    return true;
  }

  async of(topicIds: string[]): Promise<Map<string, number>> {
    if (topicIds.length === 0) return new Map();
    const docs = await this.counts.find({ _id: { $in: topicIds } }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc.readCount]));
  }

  async forgetMarksBefore(day: string): Promise<void> {
    await this.marks.deleteMany({ day: { $lt: day } });
  }
}

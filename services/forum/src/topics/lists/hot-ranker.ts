import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { TOPIC_LIST, TopicDocument } from '../projections/topic-list.projection';
import {
  HEAD_SIZE,
  HOT_KEY,
  ListHeadDocument,
  MembershipDocument,
  TOPIC_LIST_HEADS,
  TOPIC_LIST_MEMBERSHIPS,
} from './list-heads';
import { TopicPageCache } from './page-cache';
import { readPeriod, TopicReads } from './topic-reads';

/** docs/rules/forum.md: score = (weighted activity − 1) / (hours since post + 2) ^ gravity. */
export const HOT_WEIGHTS = { comment: 20, like: 10, read: 1 } as const;
export const HOT_GRAVITY = 1.8;
/** Older topics cannot compete with the decay; they are not ranked. */
export const HOT_WINDOW_DAYS = 7;
const DEFAULT_INTERVAL_MS = 60_000;

export function hotScore(
  counts: { comments: number; likes: number; reads: number },
  postedAt: Date,
  now: Date,
): number {
  const activity =
    counts.comments * HOT_WEIGHTS.comment + counts.likes * HOT_WEIGHTS.like + counts.reads * HOT_WEIGHTS.read;
  const hours = Math.max(0, (now.getTime() - postedAt.getTime()) / 3_600_000);
  return (activity - 1) / Math.pow(hours + 2, HOT_GRAVITY);
}

/** The smallest UUIDv7 of a millisecond: ids at or after it were created at or after that time. */
function firstIdAt(ms: number): string {
  const hex = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * Recomputes the `hot` list head periodically (every minute by default), not on each event: the score decays
 * with time even when nothing happens, so an event-driven list would still need a clock, and one ranking pass
 * over the last week's topics per minute is cheaper than re-ranking on every like and read (ADR 0009).
 */
@Injectable()
export class HotRanker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('forum-hot');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: TopicReads,
    private readonly pages: TopicPageCache,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.RUN_WORKERS) return;
    const interval = Number(process.env.FORUM_HOT_INTERVAL_MS) || DEFAULT_INTERVAL_MS;
    const tick = () => {
      this.recompute(new Date()).catch((error: Error) => this.logger.warn(`hot ranking failed: ${error.message}`));
    };
    this.timer = setInterval(tick, interval);
    this.timer.unref();
    tick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One ranking pass; concurrent calls share the running pass. */
  recompute(now: Date): Promise<void> {
    this.running ??= this.rank(now).finally(() => (this.running = null));
    return this.running;
  }

  private async rank(now: Date): Promise<void> {
    const since = now.getTime() - HOT_WINDOW_DAYS * 86_400_000;
    const candidates = await this.db
      .collection<MembershipDocument>(TOPIC_LIST_MEMBERSHIPS)
      .find({ _id: { $gte: firstIdAt(since) }, lists: 'home' }, { projection: { _id: 1 } })
      .toArray();
    const ids = candidates.map((doc) => doc._id);
    const scored: { id: string; score: number }[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const [docs, readCounts] = await Promise.all([
        this.db
          .collection<TopicDocument>(TOPIC_LIST)
          .find({ _id: { $in: chunk } }, { projection: { postedAt: 1, commentCount: 1, likeCount: 1 } })
          .toArray(),
        this.reads.of(chunk),
      ]);
      for (const doc of docs) {
        if (!doc.postedAt) continue;
        const counts = {
          comments: doc.commentCount ?? 0,
          likes: doc.likeCount ?? 0,
          reads: readCounts.get(doc._id) ?? 0,
        };
        scored.push({ id: doc._id, score: hotScore(counts, new Date(doc.postedAt), now) });
      }
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
    await this.db.collection<ListHeadDocument>(TOPIC_LIST_HEADS).updateOne(
      { _id: HOT_KEY },
      {
        $set: {
          ids: scored.slice(0, HEAD_SIZE).map((entry) => entry.id),
          total: scored.length,
          computedAt: now.toISOString(),
        },
      },
      { upsert: true },
    );
    this.pages.dropLists([HOT_KEY]);
    await this.reads.forgetMarksBefore(readPeriod(new Date(now.getTime() - 2 * 86_400_000)));
  }
}

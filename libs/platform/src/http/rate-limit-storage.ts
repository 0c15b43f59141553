import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Collection, MongoClient } from 'mongodb';
import { Counter } from 'prom-client';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Metrics } from '../observability/metrics';
import { MONGO_CLIENT } from '../platform.tokens';

/** `@nestjs/throttler`'s answer for one counted request (its `ThrottlerStorageRecord`; times in seconds). */
type WindowRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One key's count in one window: `_id` is `<key>:<window start, ms since the epoch>`. */
interface WindowDocument {
  _id: string;
  hits: number;
  expiresAt: Date;
}

export const RATE_LIMIT_WINDOWS = 'rate_limit_windows';

/** The platform's own database on the server every context already uses (ADR 0050). */
export function rateLimitDatabaseName(config: AppConfig): string {
  return `${config.MONGO_DB_PREFIX}platform`;
}

const SWEEP_MS = 60_000;
const secondsTo = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));
/** After the database failed to answer, how long requests are counted locally before it is asked again. */
const RETRY_AFTER_FAILURE_MS = 5_000;

/**
 * The rate limits' counts, shared by every replica (ADR 0050): fixed windows aligned to whole multiples of their
 * length, one document per key and window, counted by one atomic upsert-and-increment, so two replicas counting one
 * key at once allow exactly the limit in total. A window this process has seen full is refused here until it ends,
 * without asking the database: counts only grow within a window, so the answer is the database's. If the database
 * cannot be reached the counts fall back to this process's memory (each replica then allows the limit, as before
 * ADR 0050), and it is asked again every few seconds, so a request waits for an unreachable database at most once in
 * that time. Windows end by a TTL index; the stand-in MongoDB runs none, so a sweep too.
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('rate-limit');
  private readonly windows: Collection<WindowDocument>;
  /** Window ids known full here, with the end of each window (ms). */
  private readonly full = new Map<string, number>();
  private local = new ThrottlerStorageService();
  private readonly fallbacks: Counter;
  private unreachable = false;
  /** While the database is unreachable: when to ask it again (until then no request waits for it). */
  private retryAt = 0;
  private sweeper: NodeJS.Timeout | undefined;
  /** `RATE_LIMIT_STORE=process`: one process serves everything (the all-in-one), its memory counts exactly. */
  private readonly processOnly: boolean;

  constructor(@Inject(MONGO_CLIENT) client: MongoClient, @Inject(APP_CONFIG) config: AppConfig, metrics: Metrics) {
    this.windows = client.db(rateLimitDatabaseName(config)).collection<WindowDocument>(RATE_LIMIT_WINDOWS);
    this.processOnly = config.RATE_LIMIT_STORE === 'process';
    const name = 'rate_limit_local_fallbacks_total';
    this.fallbacks =
      (metrics.registry.getSingleMetric(name) as Counter | undefined) ??
      new Counter({
        name,
        help: 'Requests counted in process memory because the shared rate-limit store did not answer',
        registers: [metrics.registry],
      });
  }

  async onModuleInit(): Promise<void> {
    if (!this.processOnly)
      await this.windows.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'window_end' });
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.local.onApplicationShutdown();
  }

  /** Counts one request for `key` in the current window of `ttl` ms; blocked past `limit`, until the window ends. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<WindowRecord> {
    const now = Date.now();
    const end = now - (now % ttl) + ttl;
    const id = `${key}:${end - ttl}`;
    const toEnd = secondsTo(end, now);
    if (this.full.has(id))
      return { totalHits: limit + 1, timeToExpire: toEnd, isBlocked: true, timeToBlockExpire: toEnd };
    if (this.processOnly) {
      const counted = await this.local.increment(key, ttl, limit, blockDuration, throttlerName);
      if (counted.isBlocked) this.full.set(id, end);
      return counted;
    }
    if (this.unreachable && now < this.retryAt) return this.countLocally(key, ttl, limit, blockDuration, throttlerName);
    let hits: number;
    try {
      hits = await this.count(id, end);
    } catch (error) {
      if (!this.unreachable) this.logger.warn(`shared counts unreachable, counting in this process: ${String(error)}`);
      this.unreachable = true;
      this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      return this.countLocally(key, ttl, limit, blockDuration, throttlerName);
    }
    if (this.unreachable) this.logger.log('shared counts reachable again');
    this.unreachable = false;
    const isBlocked = hits > limit;
    if (isBlocked) this.full.set(id, end);
    return { totalHits: hits, timeToExpire: toEnd, isBlocked, timeToBlockExpire: isBlocked ? toEnd : 0 };
  }

  /** Seconds until the current window of `key` ends if this process has seen it full, else 0 (no round trip). */
  secondsLeftIfFull(key: string, ttl: number): number {
    const now = Date.now();
    const end = now - (now % ttl) + ttl;
    return this.full.has(`${key}:${end - ttl}`) ? secondsTo(end, now) : 0;
  }

  /** Forgets every count, shared and local (an operator clearing a false alarm; tests between sweeps). */
  async reset(): Promise<void> {
    await this.windows.deleteMany({});
    this.full.clear();
    this.local.onApplicationShutdown();
    this.local = new ThrottlerStorageService();
  }

  private countLocally(key: string, ttl: number, limit: number, blockDuration: number, name: string) {
    this.fallbacks.inc();
    return this.local.increment(key, ttl, limit, blockDuration, name);
  }

  private async count(id: string, end: number, retried = false): Promise<number> {
    try {
      const window = await this.windows.findOneAndUpdate(
        { _id: id },
        { $inc: { hits: 1 }, $setOnInsert: { expiresAt: new Date(end) } },
        { upsert: true, returnDocument: 'after', projection: { hits: 1 } },
      );
      return window!.hits;
    } catch (error) {
      // Two first requests of a window upserting at once: the loser's insert collides; its increment then finds the
      // document (MongoDB retries this itself since 4.2; the stand-in may not).
      if ((error as { code?: number }).code === 11000 && !retried) return this.count(id, end, true);
      throw error;
    }
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, end] of this.full) if (end <= now) this.full.delete(id);
    if (this.processOnly) return;
    try {
      await this.windows.deleteMany({ expiresAt: { $lte: new Date(now) } });
    } catch {
      // The next sweep (or the TTL index) gets them.
    }
  }
}

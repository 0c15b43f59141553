import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';

const HOT_TERMS = 'search_hot_terms';
const FLUSH_EVERY_MS = 5000;
const WINDOW_DAYS = 7;
const CACHE_MS = 30_000;
const MAX_KEYWORD_LENGTH = 30;

/** One document per day: `counts.<encoded keyword>` → searches that found something. */
interface DayDocument {
  _id: string;
  counts: Record<string, number>;
}

export interface HotTerm {
  term: string;
  count: number;
}

/** Mongo field names may not contain `.` nor start with `$`; percent-encoding removes both. */
const encodeKey = (keyword: string) => encodeURIComponent(keyword).replace(/\./g, '%2E');
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Hot search terms (the search page's suggestions): searches that found something are counted in memory and added
 * to a per-day document every few seconds (one `$inc` per day, not one write per search), and the top terms of
 * the last week are read from at most seven documents and cached.
 */
@Injectable()
export class HotTerms implements OnModuleDestroy {
  private pending = new Map<string, number>();
  private cache: { at: number; terms: Promise<HotTerm[]> } | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Counts a search; keywords are normalised so `Kafka ` and `kafka` count together. */
  record(keyword: string): void {
    const normal = keyword.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!normal || normal.length > MAX_KEYWORD_LENGTH) return;
    this.pending.set(normal, (this.pending.get(normal) ?? 0) + 1);
  }

  async flush(now = new Date()): Promise<void> {
    if (this.pending.size === 0) return;
    const counts = this.pending;
    this.pending = new Map();
    const inc = Object.fromEntries([...counts].map(([keyword, count]) => [`counts.${encodeKey(keyword)}`, count]));
    await this.days().updateOne({ _id: day(now) }, { $inc: inc }, { upsert: true });
    this.cache = null;
  }

  top(limit = 10, now = new Date()): Promise<HotTerm[]> {
    if (!this.cache || Date.now() - this.cache.at > CACHE_MS) {
      const ids = Array.from({ length: WINDOW_DAYS }, (_, back) => day(new Date(now.getTime() - back * 86_400_000)));
      const terms = this.days()
        .find({ _id: { $in: ids } })
        .toArray()
        .then((documents) => {
          const totals = new Map<string, number>();
          for (const document of documents)
            for (const [key, count] of Object.entries(document.counts ?? {}))
              totals.set(key, (totals.get(key) ?? 0) + count);
          return [...totals]
            .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
            .map(([key, count]) => ({ term: decodeURIComponent(key), count }));
        });
      this.cache = { at: Date.now(), terms };
      terms.catch(() => (this.cache = null));
    }
    return this.cache.terms.then((terms) => terms.slice(0, limit));
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  private days() {
    return this.db.collection<DayDocument>(HOT_TERMS);
  }
}

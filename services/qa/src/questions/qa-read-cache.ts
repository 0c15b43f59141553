import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { questionsProjection } from './questions.projection';

/** How long a value may be served from memory when this process applied no change to the Q&A meanwhile. */
const TTL_MS = 1_000;
const MAX_ENTRIES = 2_000;

/**
 * A short in-process cache of the Q&A's reader-independent reads: the list index (every live question's sort
 * keys), list pages and the shared part of question details (ADR 0017). Everything is dropped when this
 * process's `qa-questions` projection applies anything — before the waiting command is released, so
 * read-your-writes holds in this process; another replica's change shows within TTL_MS (and one recompute).
 * An entry is stored when its computation starts, so one computed across a change is dropped with the rest.
 * An expired entry is still served while its replacement is computed once in the background: otherwise every
 * request of that instant would queue behind the recompute (the list index is a scan), a p99 spike a second.
 */
@Injectable()
export class QaReadCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown>; refreshing?: boolean }>();

  constructor(waiter: ProjectionWaiter) {
    // ProjectionWaiter has no listener API (see ADR 0009): wrap its notify so the drop happens first.
    const notify = waiter.notify.bind(waiter);
    waiter.notify = (projection: string, events: EventEnvelope[]) => {
      if (projection === questionsProjection.name) this.entries.clear();
      notify(projection, events);
    };
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      if (Date.now() - cached.at >= TTL_MS && !cached.refreshing) this.refresh(key, cached, compute);
      return cached.value as Promise<T>;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = compute();
    const entry = { at: Date.now(), value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Computes an expired entry again; it replaces the entry only if nothing dropped the entry meanwhile. */
  private refresh(
    key: string,
    stale: { at: number; value: Promise<unknown>; refreshing?: boolean },
    compute: () => Promise<unknown>,
  ): void {
    stale.refreshing = true;
    const at = Date.now();
    compute().then(
      (value) => {
        if (this.entries.get(key) === stale) this.entries.set(key, { at, value: Promise.resolve(value) });
      },
      () => (stale.refreshing = false),
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import type { ProjectorCheckpoint } from '@forum/event-bus';
import { ProjectionWaiter } from '@forum/event-bus';
import { CONTEXT_DB } from '@forum/platform';
import { questionsProjection } from './questions.projection';

/** How long a value may be served from memory before it is checked (or computed) again. */
const TTL_MS = 1_000;
const MAX_ENTRIES = 2_000;

/**
 * How long an entry lives:
 * - `second`: recomputed when older than TTL_MS (so it shows within a second what the projection does not
 *   announce: read counts, authors' names, tag names);
 * - `projection`: it depends on the `qa-questions` read model alone, so it lives until that projection applies
 *   something, here or in another replica. The list index is a scan of every question: recomputing it every
 *   second stalled the event loop under load, the bench's p99 (ADR 0017).
 */
export type Lifetime = 'second' | 'projection';

interface Entry {
  at: number;
  lifetime: Lifetime;
  value: Promise<unknown>;
  refreshing?: boolean;
}

/**
 * A short in-process cache of the Q&A's reader-independent reads: the list index (every live question's sort
 * keys), list pages and the shared part of question details (ADR 0017). Everything is dropped when this
 * process's `qa-questions` projection applies anything — before the waiting command is released, so
 * read-your-writes holds in this process — and when its checkpoints show that another replica's projector
 * applied something (read at most once per TTL_MS): that change shows within TTL_MS and one recompute.
 * An entry is stored when its computation starts, so one computed across a change is dropped with the rest.
 * An expired entry is still served while its replacement is computed once in the background: otherwise every
 * request of that instant would queue behind the recompute, a p99 spike a second.
 */
@Injectable()
export class QaReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly groupSuffix = `.${questionsProjection.name}.v${questionsProjection.version}`;
  private checkpoints: string | null = null;
  private checkedAt = 0;
  private checking = false;

  constructor(
    waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {
    // ProjectionWaiter has no listener API (see ADR 0009): wrap its notify so the drop happens first.
    const notify = waiter.notify.bind(waiter);
    waiter.notify = (projection: string, events: EventEnvelope[]) => {
      if (projection === questionsProjection.name) this.entries.clear();
      notify(projection, events);
    };
  }

  get<T>(key: string, compute: () => Promise<T>, lifetime: Lifetime = 'second'): Promise<T> {
    if (lifetime === 'projection') this.checkProjection();
    const cached = this.entries.get(key);
    if (cached) {
      if (cached.lifetime === 'second' && !cached.refreshing && Date.now() - cached.at >= TTL_MS)
        this.refresh(key, cached, compute);
      return cached.value as Promise<T>;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = compute();
    const entry: Entry = { at: Date.now(), lifetime, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Computes an expired entry again; it replaces the entry only if nothing dropped the entry meanwhile. */
  private refresh(key: string, stale: Entry, compute: () => Promise<unknown>): void {
    stale.refreshing = true;
    const at = Date.now();
    compute().then(
      (value) => {
        if (this.entries.get(key) === stale)
          this.entries.set(key, { at, lifetime: 'second', value: Promise.resolve(value) });
      },
      () => (stale.refreshing = false),
    );
  }

  /**
   * At most once per TTL_MS, reads where the `qa-questions` projection stands in every partition (a handful of
   * small documents); a move, by this process or another, drops everything as a change applied here does. The
   * checkpoint is written after the read model, so what is computed after the drop sees the change. The first
   * reading drops too: what was computed before it may predate a move it cannot tell.
   */
  private checkProjection(): void {
    if (this.checking || Date.now() - this.checkedAt < TTL_MS) return;
    this.checking = true;
    this.db
      .collection<ProjectorCheckpoint>('projector_checkpoints')
      .find({}, { projection: { group: 1, offset: 1 } })
      .toArray()
      .then(
        (docs) => {
          const positions = docs
            .filter((doc) => doc.group?.endsWith(this.groupSuffix))
            .map((doc) => `${doc._id}@${doc.offset}`)
            .sort()
            .join(',');
          if (positions !== this.checkpoints) this.entries.clear();
          this.checkpoints = positions;
        },
        () => this.entries.clear(),
      )
      .finally(() => {
        this.checkedAt = Date.now();
        this.checking = false;
      });
  }
}

import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { topicListProjection } from '../projections/topic-list.projection';
import { TopicListMaintainer } from './list-maintainer';

/** How long a page may be served from memory when nothing in this process announced a change to it. */
const TTL_MS = 1_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  at: number;
  list: string;
  /** The topics the page shows, once computed (a pending page is dropped by any change). */
  topicIds: Set<string> | null;
  value: Promise<unknown>;
  refreshing?: boolean;
}

/**
 * A short in-process cache of the reader-independent part of list pages (ids, topic documents, authors, read
 * counts), so hot pages cost no database round trip (ADR 0009). Per-reader parts (hidden-block access, view
 * permission) are computed on every request. A page is dropped when this process applies a change to one of its
 * topics (topic document projection) or to its list (list maintainer) — before the waiting command is released,
 * so read-your-writes holds in this process; a change applied by another replica shows within TTL_MS (and one
 * recompute). Entries are stored when their computation starts, so one computed across a change is dropped too.
 * An expired page is served while its replacement is computed once in the background, so the requests of that
 * instant do not all queue behind the recompute (a p99 spike every second under load).
 */
@Injectable()
export class TopicPageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(waiter: ProjectionWaiter, maintainer: TopicListMaintainer) {
    maintainer.changed.add((lists) => this.dropLists(lists));
    // ProjectionWaiter has no listener API: wrap its notify so the drop happens before waiters resume.
    const notify = waiter.notify.bind(waiter);
    waiter.notify = (projection: string, events: EventEnvelope[]) => {
      if (projection === topicListProjection.name) this.dropTopics(events);
      notify(projection, events);
    };
  }

  get<T extends { topicIds: string[] }>(key: string, list: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      if (Date.now() - cached.at >= TTL_MS && !cached.refreshing && cached.topicIds) this.refresh(key, cached, compute);
      return cached.value as Promise<T>;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = compute();
    const entry: Entry = { at: Date.now(), list, topicIds: null, value };
    this.entries.set(key, entry);
    value.then(
      (page) => (entry.topicIds = new Set(page.topicIds)),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * Computes an expired page again. The stale entry stays in the map (and is dropped by changes as before); the
   * new page replaces it only if it is still there when the new page is ready, so a change heard during the
   * recompute wins.
   */
  private refresh<T extends { topicIds: string[] }>(key: string, stale: Entry, compute: () => Promise<T>): void {
    stale.refreshing = true;
    const at = Date.now();
    compute().then(
      (page) => {
        if (this.entries.get(key) !== stale) return;
        this.entries.set(key, { at, list: stale.list, topicIds: new Set(page.topicIds), value: Promise.resolve(page) });
      },
      () => (stale.refreshing = false),
    );
  }

  dropLists(lists: string[]): void {
    for (const [key, entry] of this.entries) if (lists.includes(entry.list)) this.entries.delete(key);
  }

  private dropTopics(events: EventEnvelope[]): void {
    const topicIds = events.map((event) => (event.data as { topicId?: string }).topicId);
    for (const [key, entry] of this.entries) {
      if (!entry.topicIds || topicIds.some((id) => id === undefined || entry.topicIds!.has(id)))
        this.entries.delete(key);
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';

/**
 * How long a topic page part may be served from memory when nothing in this process announced a change to it:
 * what another replica's readers may wait, at most, for a change applied elsewhere (new comments ≤ 500 ms).
 */
export const THREAD_CACHE_TTL_MS = 200;
const MAX_ENTRIES = 5_000;

/** A cached value with the ids it was built from: a projected event naming one of them drops it. */
export interface Keyed<T> {
  value: T;
  keys: Iterable<string>;
}

interface Entry {
  at: number;
  /** The ids the value was built from, once computed (a pending value is dropped by any change). */
  keys: Set<string> | null;
  value: Promise<unknown>;
  refreshing?: boolean;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The key of a member's author card among an entry's keys. Not their plain id: a member's comment, like or reply
 * anywhere names them, and dropped every page showing their card (the pages of a busy forum's active members were
 * rebuilt on almost every write); only an event on their own stream changes the card.
 */
export function authorKey(memberId: string): string {
  return `author:${memberId}`;
}

/** The key of a tag's name on a page: only the tag tree's events change it (a new topic in the tag does not). */
export function tagKey(tagId: string): string {
  return `tag:${tagId}`;
}

/**
 * The ids an event names: every `…Id` / `…Ids` field of its data, the ids inside its stream id and what follows
 * the stream's kind (`topic-<id>`). Null when it names none (the cache then drops everything: a change it cannot
 * place).
 */
export function idsNamedBy(event: EventEnvelope): string[] | null {
  const tail = event.streamId.slice(event.streamId.indexOf('-') + 1);
  const ids = [...(event.streamId.match(UUID) ?? []), tail];
  // Only a member's own stream (identity's: nickname, avatar, cancellation) changes their author card.
  if (event.streamId.startsWith('member-')) ids.push(authorKey(tail));
  const data = (event.data ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(data)) {
    if (!/Ids?$/.test(field)) continue;
    if (typeof value === 'string') ids.push(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') ids.push(item);
  }
  if (event.streamId.startsWith('tagTree-')) ids.push(...ids.map(tagKey));
  return ids.length > 0 ? ids : null;
}

/**
 * The reader-independent parts of the topic page (the topic with its author, a page of comments with quotes,
 * first replies and author cards, a visitor's whole answer), kept in memory so a page view costs no database
 * read for them (ADR 0028). Every entry remembers the ids it was built from (topic, comments, replies, authors,
 * tags); when a projection in this process applies events, entries naming any of their ids are dropped before
 * the waiting command is released, so an author reads their own write at once. A change applied by another
 * replica shows within THREAD_CACHE_TTL_MS (and one recompute). Entries are stored when their computation starts,
 * so one computed across a change is dropped too. Per-reader facts (likes, unlocks, permissions, pending
 * comments) are never cached here.
 */
@Injectable()
export class ThreadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(waiter: ProjectionWaiter) {
    waiter.onApplied((events) => this.drop(events));
  }

  get<T>(key: string, compute: () => Promise<Keyed<T>>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      if (Date.now() - cached.at >= THREAD_CACHE_TTL_MS && !cached.refreshing && cached.keys)
        this.refresh(key, cached, compute);
      return cached.value as Promise<T>;
    }
    // The oldest entry goes first (a crawler walking every topic then costs recomputes, not a cleared cache).
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const computed = compute();
    const value = computed.then((keyed) => keyed.value);
    const entry: Entry = { at: Date.now(), keys: null, value };
    this.entries.set(key, entry);
    computed.then(
      (keyed) => (entry.keys = new Set(keyed.keys)),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Forgets one entry (its value was built on parts that have changed since). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets everything (a change that no event announces, e.g. in tests). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Computes an expired value again while the old one is served. The new value replaces it only if the old entry
   * is still there when it is ready, so a change heard during the recompute wins.
   */
  private refresh<T>(key: string, stale: Entry, compute: () => Promise<Keyed<T>>): void {
    stale.refreshing = true;
    const at = Date.now();
    compute().then(
      (keyed) => {
        if (this.entries.get(key) !== stale) return;
        this.entries.set(key, { at, keys: new Set(keyed.keys), value: Promise.resolve(keyed.value) });
      },
      () => (stale.refreshing = false),
    );
  }

  private drop(events: EventEnvelope[]): void {
    if (this.entries.size === 0) return;
    const named = new Set<string>();
    for (const event of events) {
      const ids = idsNamedBy(event);
      if (!ids) {
        this.entries.clear();
        return;
      }
      for (const id of ids) named.add(id);
    }
    for (const [key, entry] of this.entries) {
      if (!entry.keys) {
        this.entries.delete(key);
        continue;
      }
      for (const id of named) {
        if (entry.keys.has(id)) {
          this.entries.delete(key);
          break;
        }
      }
    }
  }
}

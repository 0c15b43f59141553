/**
 * What a cached render was made from: the ids named by the API answers it read (and by their addresses), whether
 * it read a list (then any change may concern it), and whether it may be kept at all (a rate-limited or failed
 * read is the visitor's or the moment's, not the page's).
 */
export interface RenderSources {
  ids: Set<string>;
  broad: boolean;
  cacheable: boolean;
}

/** A value to keep: its size in bytes (the cache's bound) and its sources (what drops it). */
export interface Computed<V> {
  value: V;
  bytes: number;
  sources: RenderSources;
}

interface Entry<V> {
  value: V;
  bytes: number;
  ids: string[];
  broad: boolean;
  /** The site-wide state (settings copies) it was made under: another one makes it unusable. */
  context: readonly unknown[];
  at: number;
  /** A change that may lag (see `changed`) concerns it: sent while the next render runs in the background. */
  stale: boolean;
}

/** What was heard while a render was under way: whether any change, the ids named, whether one concerned everything. */
type Crossed = {
  ids: Set<string>;
  any: boolean;
  all: boolean;
  first: number;
  last: number;
  /** Ids named by changes that may lag, heard while it ran. */
  lagging: Set<string>;
};

/** A render under way: its value, what changed while it ran, the context it runs under, and when it is settled. */
interface Flight<V> {
  value: Promise<V>;
  crossed: Crossed;
  context: readonly unknown[];
  /** Resolves once the value is kept or not (never rejects). */
  settled: Promise<void>;
}

/** A page a change dropped (or whose render a change crossed) lately: what it was made from, when changes came. */
interface Settling {
  ids: Set<string>;
  broad: boolean;
  first: number;
  last: number;
}

/** At most this many pages settling at once (past it, the oldest records are forgotten: renders do not wait). */
const MAX_SETTLING = 10_000;

/** Past this many ids heard during one render, it is treated as having crossed a change to everything. */
const CROSSED_IDS = 50_000;

/**
 * Rendered pages by key, valid for as long as nothing they were made from changes (ADR 38). Changes are pushed
 * (`changed`) by the projections of this process before the writer's request answers, so the next render after a
 * write shows it. An entry is dropped when a change names one of its ids, when any change comes and it read a list,
 * when a change concerns everything, or when the site-wide context it was made under is replaced. A render under
 * way when a change arrives that concerns it is handed to the requests that waited for it but not kept.
 * Concurrent misses of one key share one render. Entries are kept least recently used first out, up to `maxBytes`.
 */
export class RenderCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byId = new Map<string, Set<string>>();
  private readonly broad = new Set<string>();
  /** The render under way per key (at most one). */
  private readonly flights = new Map<string, Flight<V>>();
  /** For each render under way, what changed since it started. */
  private readonly crossing = new Set<Crossed>();
  /** Pages changes dropped lately: their next render waits until the changes have settled. */
  private readonly settling = new Map<string, Settling>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    /** After this age an entry is refreshed in the background (counts and relative times drift without events). */
    private readonly refreshAfterMs: number,
    /** The site-wide state renders depend on besides events (the settings copies): compared by identity. */
    private readonly context: () => readonly unknown[] = () => [],
    /**
     * One change reaches this process as several notices (each projection applying it, then the counters and
     * points it causes), a few milliseconds to a few hundred apart. A dropped page's next render waits until no
     * notice concerning it came for `quietMs`, at most `maxMs` after the first: one render instead of one per
     * notice. Requests wait for it; none is sent the dropped page. Short: only the notices of one batch (a few ms
     * apart, each projection of a context applying it in parallel) are merged, so a request waits 30 ms at most.
     */
    private readonly settle = { quietMs: 10, maxMs: 30 },
  ) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  /**
   * The kept value for `key` if it is still valid (then refreshed in the background when old), else undefined.
   * Synchronous, so that a kept page costs a request no promise and no timer.
   */
  kept(key: string, compute: () => Promise<Computed<V>>): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const context = this.context();
    if (!sameContext(entry.context, context)) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if ((entry.stale || Date.now() - entry.at >= this.refreshAfterMs) && !this.flights.has(key))
      void this.load(key, context, compute).value.catch(() => undefined);
    return { value: entry.value };
  }

  /**
   * The value for `key`: the kept one if it is still valid, else the render under way, else a new one. `compute`
   * runs at most once at a time per key. A request never joins a render that a change (or another settings copy)
   * came during: that render may have read what changed before the change, so the request waits for it and takes
   * it only if it was kept (the change did not concern it), else the next render.
   */
  get(key: string, compute: () => Promise<Computed<V>>): Promise<V> {
    const kept = this.kept(key, compute);
    if (kept) return Promise.resolve(kept.value);
    const context = this.context();
    const flight = this.flights.get(key);
    if (!flight) return this.load(key, context, compute).value;
    if (!flight.crossed.any && sameContext(flight.context, context)) return flight.value;
    return flight.settled.then(() => this.get(key, compute));
  }

  /**
   * A change applied in this process: `ids` it names, or null for one that may concern every page. A change that
   * `mayLag` (one that only adds or recounts, heard again from another projection, or derived counters) leaves
   * the pages it concerns in use while they render again in the background; any other drops them.
   */
  changed(ids: readonly string[] | null, mayLag = false): void {
    if (ids && mayLag) {
      for (const crossed of this.crossing)
        if (crossed.lagging.size + ids.length <= CROSSED_IDS) for (const id of ids) crossed.lagging.add(id);
        else crossed.all = crossed.any = true;
      for (const key of this.broad) this.entries.get(key)!.stale = true;
      for (const id of ids) for (const key of this.byId.get(id) ?? []) this.entries.get(key)!.stale = true;
      return;
    }
    const now = Date.now();
    for (const crossed of this.crossing) {
      crossed.any = true;
      crossed.first ||= now;
      crossed.last = now;
      if (!ids || crossed.ids.size + ids.length > CROSSED_IDS) crossed.all = true;
      else for (const id of ids) crossed.ids.add(id);
    }
    if (!ids) {
      for (const key of [...this.entries.keys()]) this.remove(key);
      return;
    }
    for (const settling of this.settling.values())
      if (settling.broad || ids.some((id) => settling.ids.has(id))) settling.last = now;
    const dropped = new Set(this.broad);
    for (const id of ids) for (const key of this.byId.get(id) ?? []) dropped.add(key);
    for (const key of dropped) {
      const entry = this.entries.get(key);
      if (entry) this.settleFrom(key, new Set(entry.ids), entry.broad, now, now);
      this.remove(key);
    }
  }

  private settleFrom(key: string, ids: Set<string>, broad: boolean, first: number, last: number): void {
    if (this.settle.maxMs <= 0) return;
    const known = this.settling.get(key);
    if (known) {
      known.last = Math.max(known.last, last);
      return;
    }
    if (this.settling.size >= MAX_SETTLING) this.settling.delete(this.settling.keys().next().value!);
    this.settling.set(key, { ids, broad, first, last });
  }

  /** Resolves once the changes that dropped `key` have settled (at once when none did). */
  private async settled(key: string): Promise<void> {
    for (;;) {
      const settling = this.settling.get(key);
      if (!settling) return;
      const until = Math.min(settling.last + this.settle.quietMs, settling.first + this.settle.maxMs);
      const wait = until - Date.now();
      if (wait <= 0) {
        this.settling.delete(key);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private load(key: string, context: readonly unknown[], compute: () => Promise<Computed<V>>): Flight<V> {
    // Registered as crossing only once the render starts: a change while it waits to start concerns no read.
    const crossed: Crossed = { ids: new Set(), any: false, all: false, first: 0, last: 0, lagging: new Set() };
    // Done with, synchronously as it settles: no request joins a render that is over.
    const over = () => {
      this.crossing.delete(crossed);
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    const value = this.settled(key)
      .then(() => {
        this.crossing.add(crossed);
        return compute();
      })
      .then(
        (computed) => {
          over();
          if (keepable(computed.sources, crossed) && sameContext(context, this.context()))
            this.store(key, computed, context, lags(computed.sources, crossed));
          else if (crossed.any && !crossed.all)
            this.settleFrom(key, computed.sources.ids, computed.sources.broad, crossed.first, crossed.last);
          return computed.value;
        },
        (error: unknown) => {
          over();
          throw error;
        },
      );
    const flight: Flight<V> = {
      value,
      crossed,
      context,
      settled: value.then(
        () => undefined,
        () => undefined,
      ),
    };
    this.flights.set(key, flight);
    return flight;
  }

  private store(key: string, computed: Computed<V>, context: readonly unknown[], stale = false): void {
    this.remove(key);
    const ids = [...computed.sources.ids];
    // The key, the id index and the bookkeeping count too, so that the bound holds for many small entries.
    const bytes = computed.bytes + key.length * 2 + ids.length * 96 + 200;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, {
      value: computed.value,
      bytes,
      ids,
      broad: computed.sources.broad,
      context,
      at: Date.now(),
      stale,
    });
    this.size += bytes;
    if (computed.sources.broad) this.broad.add(key);
    for (const id of ids) {
      let keys = this.byId.get(id);
      if (!keys) this.byId.set(id, (keys = new Set()));
      keys.add(key);
    }
    while (this.size > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.bytes;
    this.broad.delete(key);
    for (const id of entry.ids) {
      const keys = this.byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byId.delete(id);
    }
  }
}

/** Whether a render saw everything that concerns it: no change it may depend on came while it ran. */
function keepable(sources: RenderSources, crossed: Crossed): boolean {
  if (!sources.cacheable) return false;
  if (!crossed.any) return true;
  if (crossed.all || sources.broad) return false;
  for (const id of crossed.ids) if (sources.ids.has(id)) return false;
  return true;
}

/** Whether a change that may lag, heard while a render ran, concerns it (it is then rendered again). */
function lags(sources: RenderSources, crossed: Crossed): boolean {
  if (crossed.lagging.size === 0) return false;
  if (sources.broad) return true;
  for (const id of crossed.lagging) if (sources.ids.has(id)) return true;
  return false;
}

function sameContext(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids (UUIDs) named anywhere in a text: an API answer, an address. */
export function idsIn(text: string, into: Set<string>): void {
  for (const match of text.matchAll(UUID)) into.add(match[0].toLowerCase());
}

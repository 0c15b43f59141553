import type { EventEnvelope } from '@forum/contracts';
import { LruMap } from '@forum/event-store';

interface Waiter {
  version: number;
  resolve(applied: boolean): void;
}

/** Where the outbox relay of this process published one event (ADR 0052). */
export interface PublishedEvent {
  streamId: string;
  version: number;
  /** The physical topic. */
  topic: string;
  partition: number;
  offset: number;
}

/** A checkpoint document: the last offset a projector (or reactor) applied in one partition. */
export interface ProgressCheckpoint {
  _id: string;
  offset: string | number;
}

/** The little of a MongoDB collection a waiter reads checkpoints with. */
export interface CheckpointReader {
  findOne(
    filter: { _id: string },
    options: { projection: { offset: 1 } },
  ): Promise<Pick<ProgressCheckpoint, 'offset'> | null>;
}

/**
 * Where a projection's (or reactor's) progress is recorded, whichever process runs it: the checkpoint of a partition
 * is `<group>|<topic>|<partition>` in `checkpoints`.
 */
export interface ProgressSource {
  group: string;
  checkpoints: CheckpointReader;
}

/** A wait no local notice ended by then looks at the shared checkpoints (ADR 0052). */
export const READ_ELSEWHERE_AFTER_MS = 100;
/** How often a wait looks at a checkpoint (or its `fallback`) after that; all waits on one checkpoint share a read. */
export const POLL_EVERY_MS = 50;

/**
 * Read-your-writes: a request that just appended can wait (bounded) until a projection has applied its
 * stream version. Projection runners in this process report what they applied. When the projector of a stream's
 * partition runs in another process (another replica of the service), no such report comes: a wait still open
 * after `READ_ELSEWHERE_AFTER_MS` reads the projection's checkpoint for the partition the outbox relay published
 * the event to, until it passes the event's offset (ADR 0052). `fallback` polls the read model itself.
 */
export class ProjectionWaiter {
  private readonly applied = new LruMap<string, number>(100_000);
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly heard = new Set<string>();
  private readonly appliedListeners: ((events: EventEnvelope[]) => void)[] = [];
  /** `<streamId>\0<version>` → where this process published it. */
  private readonly positions = new LruMap<string, Omit<PublishedEvent, 'streamId' | 'version'>>(100_000);
  private readonly sources = new Map<string, ProgressSource>();
  /** One read per checkpoint at a time, shared by every wait on it. */
  private readonly reads = new Map<string, { at: number; offset: Promise<number> }>();

  /**
   * Calls `listener` with every batch a projection here applied, before the requests waiting for it resume: a cache
   * of read models drops what the batch changed, so the writer reads its own write.
   */
  onApplied(listener: (events: EventEnvelope[]) => void): void {
    this.appliedListeners.push(listener);
  }

  /** Whether a runner in this process has reported applying `projection` (it runs here). */
  appliesHere(projection: string): boolean {
    return this.heard.has(projection);
  }

  /** Where `projection` records its progress, so a wait can see it applied in another process. */
  track(projection: string, source: ProgressSource): void {
    this.sources.set(projection, source);
  }

  /** The outbox relay reports where it published the events of this process's commits. */
  published(events: PublishedEvent[]): void {
    for (const { streamId, version, ...position } of events)
      this.positions.set(`${streamId}\u0000${version}`, position);
  }

  notify(projection: string, events: EventEnvelope[]): void {
    this.heard.add(projection);
    for (const listener of this.appliedListeners) listener(events);
    for (const event of events) this.reached(projection, event.streamId, event.version);
  }

  private reached(projection: string, streamId: string, version: number): void {
    const key = `${projection}\u0000${streamId}`;
    if ((this.applied.get(key) ?? 0) < version) this.applied.set(key, version);
    const waiting = this.waiters.get(key);
    if (!waiting) return;
    for (const waiter of waiting) {
      if (waiter.version <= version) {
        waiting.delete(waiter);
        waiter.resolve(true);
      }
    }
    if (waiting.size === 0) this.waiters.delete(key);
  }

  /** Resolves true once `projection` has applied `streamId` up to `version`, false after `timeoutMs`. */
  waitFor(
    projection: string,
    streamId: string,
    version: number,
    timeoutMs = 2000,
    fallback?: () => Promise<boolean>,
  ): Promise<boolean> {
    const key = `${projection}\u0000${streamId}`;
    if ((this.applied.get(key) ?? 0) >= version) return Promise.resolve(true);
    const source = this.sources.get(projection);
    const started = Date.now();
    return new Promise((resolve) => {
      let poll: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (applied: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearTimeout(poll);
        this.waiters.get(key)?.delete(waiter);
        resolve(applied);
      };
      const check = async (): Promise<boolean> => {
        if (fallback && (await fallback().catch(() => false))) return true;
        if (!source || Date.now() - started < READ_ELSEWHERE_AFTER_MS) return false;
        return this.appliedElsewhere(source, streamId, version);
      };
      const tick = () => {
        void check().then(
          (applied) => {
            if (applied) this.reached(projection, streamId, version);
            else if (!done) poll = setTimeout(tick, POLL_EVERY_MS);
          },
          () => {
            if (!done) poll = setTimeout(tick, POLL_EVERY_MS);
          },
        );
      };
      const waiter: Waiter = { version, resolve: finish };
      const timer = setTimeout(() => finish(false), timeoutMs);
      if (fallback || source) poll = setTimeout(tick, fallback ? POLL_EVERY_MS : READ_ELSEWHERE_AFTER_MS);
      const waiting = this.waiters.get(key) ?? new Set<Waiter>();
      waiting.add(waiter);
      this.waiters.set(key, waiting);
    });
  }

  /** Whether the projection's checkpoint has passed the offset this process published the stream's version at. */
  private async appliedElsewhere(source: ProgressSource, streamId: string, version: number): Promise<boolean> {
    const position = this.positions.get(`${streamId}\u0000${version}`);
    if (!position) return false; // not published yet (or by another process: then only the timeout ends the wait)
    const offset = await this.checkpointOffset(source, `${source.group}|${position.topic}|${position.partition}`);
    return offset >= position.offset;
  }

  private checkpointOffset(source: ProgressSource, id: string): Promise<number> {
    const recent = this.reads.get(id);
    if (recent && Date.now() - recent.at < POLL_EVERY_MS) return recent.offset;
    const offset = source.checkpoints
      .findOne({ _id: id }, { projection: { offset: 1 } })
      .then((checkpoint) => (checkpoint ? Number(checkpoint.offset) : -1));
    this.reads.set(id, { at: Date.now(), offset });
    offset.then(
      () => setTimeout(() => this.reads.get(id)?.offset === offset && this.reads.delete(id), POLL_EVERY_MS).unref(),
      () => this.reads.delete(id),
    );
    return offset;
  }
}

import type { EventEnvelope } from '@forum/contracts';
import { LruMap } from '@forum/event-store';

interface Waiter {
  version: number;
  resolve(applied: boolean): void;
}

/**
 * Read-your-writes: a request that just appended can wait (bounded) until a projection has applied its
 * stream version. Projection runners in this process report what they applied; `fallback` polls the read
 * model itself, for when the projector runs in another process.
 */
export class ProjectionWaiter {
  private readonly applied = new LruMap<string, number>(100_000);
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly heard = new Set<string>();
  private readonly appliedListeners: ((events: EventEnvelope[]) => void)[] = [];

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

  notify(projection: string, events: EventEnvelope[]): void {
    this.heard.add(projection);
    for (const listener of this.appliedListeners) listener(events);
    for (const event of events) {
      const key = `${projection}\u0000${event.streamId}`;
      if ((this.applied.get(key) ?? 0) < event.version) this.applied.set(key, event.version);
      const waiting = this.waiters.get(key);
      if (!waiting) continue;
      for (const waiter of waiting) {
        if (waiter.version <= event.version) {
          waiting.delete(waiter);
          waiter.resolve(true);
        }
      }
      if (waiting.size === 0) this.waiters.delete(key);
    }
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
    return new Promise((resolve) => {
      let poll: NodeJS.Timeout | undefined;
      const finish = (applied: boolean) => {
        clearTimeout(timer);
        clearInterval(poll);
        this.waiters.get(key)?.delete(waiter);
        resolve(applied);
      };
      const waiter: Waiter = { version, resolve: finish };
      const timer = setTimeout(() => finish(false), timeoutMs);
      if (fallback)
        poll = setInterval(
          () =>
            void fallback().then(
              (done) => done && finish(true),
              () => undefined,
            ),
          50,
        );
      const waiting = this.waiters.get(key) ?? new Set<Waiter>();
      waiting.add(waiter);
      this.waiters.set(key, waiting);
    });
  }
}

import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from './projection-waiter';

const applied = (streamId: string, version: number) => ({ streamId, version }) as EventEnvelope;

describe('projection waiter', () => {
  it('wakes a waiter as soon as its stream version is applied', async () => {
    const waiter = new ProjectionWaiter();
    const waiting = waiter.waitFor('list', 'topic-1', 2, 5000);
    waiter.notify('list', [applied('topic-1', 1)]);
    waiter.notify('list', [applied('topic-2', 5)]);
    waiter.notify('list', [applied('topic-1', 2)]);
    await expect(waiting).resolves.toBe(true);
  });

  it('answers at once for what was applied before, and false after the timeout', async () => {
    const waiter = new ProjectionWaiter();
    waiter.notify('list', [applied('topic-1', 3)]);
    await expect(waiter.waitFor('list', 'topic-1', 2)).resolves.toBe(true);
    await expect(waiter.waitFor('other', 'topic-1', 2, 30)).resolves.toBe(false);
  });
});

describe('projection waiter, projector in another process (ADR 0052)', () => {
  /** A checkpoint store that counts its reads; `offset` is what the other process's projector has applied. */
  function checkpoints(offset: { value: number | null }) {
    const reads: string[] = [];
    return {
      reads,
      findOne: (filter: { _id: string }) => {
        reads.push(filter._id);
        return Promise.resolve(offset.value === null ? null : { offset: String(offset.value) });
      },
    };
  }

  it('sees the write applied once the checkpoint of the partition it was published to passes its offset', async () => {
    const waiter = new ProjectionWaiter();
    const offset = { value: null as number | null };
    const store = checkpoints(offset);
    waiter.track('list', { group: 'forum.list.v1', checkpoints: store });
    waiter.published([{ streamId: 'topic-1', version: 1, topic: 'forum.topic', partition: 2, offset: 7 }]);
    const started = Date.now();
    const waiting = waiter.waitFor('list', 'topic-1', 1, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    offset.value = 6; // another event of the partition: not yet
    await new Promise((resolve) => setTimeout(resolve, 200));
    offset.value = 7;
    await expect(waiting).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(new Set(store.reads)).toEqual(new Set(['forum.list.v1|forum.topic|2']));
    // Remembered: the next wait for that version answers at once.
    const reads = store.reads.length;
    await expect(waiter.waitFor('list', 'topic-1', 1, 5000)).resolves.toBe(true);
    expect(store.reads).toHaveLength(reads);
  });

  it('reads nothing when the projector here reports within the first 100 ms (one process)', async () => {
    const waiter = new ProjectionWaiter();
    const store = checkpoints({ value: 100 });
    waiter.track('list', { group: 'forum.list.v1', checkpoints: store });
    waiter.published([{ streamId: 'topic-1', version: 1, topic: 'forum.topic', partition: 0, offset: 3 }]);
    const waiting = waiter.waitFor('list', 'topic-1', 1, 5000);
    setTimeout(() => waiter.notify('list', [applied('topic-1', 1)]), 40);
    await expect(waiting).resolves.toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.reads).toEqual([]);
  });

  it('shares one read of a checkpoint among the waits on it, and gives up after the timeout', async () => {
    const waiter = new ProjectionWaiter();
    const store = checkpoints({ value: 0 });
    waiter.track('list', { group: 'g', checkpoints: store });
    waiter.published(
      Array.from({ length: 20 }, (_, i) => ({
        streamId: `t${i}`,
        version: 1,
        topic: 'x',
        partition: 0,
        offset: 5 + i,
      })),
    );
    const waits = Array.from({ length: 20 }, (_, i) => waiter.waitFor('list', `t${i}`, 1, 400));
    await expect(Promise.all(waits)).resolves.toEqual(Array<boolean>(20).fill(false));
    // About 6 ticks of 50 ms between 100 ms and 400 ms: a read each, not one per wait.
    expect(store.reads.length).toBeGreaterThan(0);
    expect(store.reads.length).toBeLessThanOrEqual(10);
  });

  it('does not read a checkpoint for a version this process did not publish', async () => {
    const waiter = new ProjectionWaiter();
    const store = checkpoints({ value: 100 });
    waiter.track('list', { group: 'g', checkpoints: store });
    await expect(waiter.waitFor('list', 'topic-9', 4, 300)).resolves.toBe(false);
    expect(store.reads).toEqual([]);
  });
});

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

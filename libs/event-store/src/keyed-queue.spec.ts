import { KeyedQueue } from './keyed-queue';

describe('keyed queue', () => {
  it('runs tasks of one key one at a time, in order, even after a failure', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run('a', task('a1', 20, true)),
      queue.run('a', task('a2', 1)),
      queue.run('b', task('b1', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});

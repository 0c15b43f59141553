import { PeriodicJob } from './periodic-job';

/** A round that ends when the test says so. */
function gate<T>(): { promise: Promise<T>; open: (value: T) => void; fail: (error: Error) => void } {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('PeriodicJob', () => {
  afterEach(() => jest.useRealTimers());

  it('shares the round in progress with a second caller, then starts a new one', async () => {
    const first = gate<number>();
    const round = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(2);
    const job = new PeriodicJob({ name: 'test-job', what: 'test round', everyMs: 1_000, round });

    const a = job.once();
    const b = job.once();
    first.open(1);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(round).toHaveBeenCalledTimes(1);
    expect(await job.once()).toBe(2);
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('runs a given round (a test or staff "now") and frees the job after a failure', async () => {
    const job = new PeriodicJob({
      name: 'test-job',
      what: 'test round',
      everyMs: 1_000,
      round: () => Promise.resolve(0),
    });
    await expect(job.once(() => Promise.reject(new Error('gateway down')))).rejects.toThrow('gateway down');
    expect(await job.once(() => Promise.resolve(7))).toBe(7);
  });

  it('runs on the timer, keeps ticking after a failed round, and stops', async () => {
    jest.useFakeTimers();
    const round = jest.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue(1);
    const job = new PeriodicJob({ name: 'test-job', what: 'test round', everyMs: 1_000, round });
    const warn = jest.spyOn((job as unknown as { logger: { warn: (entry: unknown) => void } }).logger, 'warn');
    warn.mockImplementation(() => undefined);
    job.start();
    job.start(); // a second start adds no second timer
    await jest.advanceTimersByTimeAsync(1_000);
    expect(round).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ msg: 'test round failed' }));
    await jest.advanceTimersByTimeAsync(2_000);
    expect(round).toHaveBeenCalledTimes(3);
    await job.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it('waits on stop for the round in progress', async () => {
    const slow = gate<number>();
    const job = new PeriodicJob({ name: 'test-job', what: 'test round', everyMs: 1_000, round: () => slow.promise });
    const round = job.once().catch((error: Error) => error.message);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    slow.fail(new Error('ended badly'));
    await stopping;
    expect(stopped).toBe(true);
    expect(await round).toBe('ended badly');
  });
});

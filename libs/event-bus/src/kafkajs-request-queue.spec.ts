import { kafkajsRequestQueue } from './kafkajs-request-queue';

/** A queue in the state kafkajs leaves it after a request was answered and nothing else is waiting. */
function idleQueue(pending: unknown[] = [], throttledUntil = -1) {
  const queue = Object.create(kafkajsRequestQueue.prototype) as {
    throttledUntil: number;
    throttleCheckTimeoutId: NodeJS.Timeout | null;
    pending: unknown[];
    checkPendingRequests: jest.Mock;
    scheduleCheckPendingRequests(): void;
  };
  Object.assign(queue, { throttledUntil, throttleCheckTimeoutId: null, pending, checkPendingRequests: jest.fn() });
  return queue;
}

describe('kafkajs request queue (idle connections stay idle)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('schedules nothing when no request waits and the broker has not throttled us', () => {
    const queue = idleQueue();
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
    jest.advanceTimersByTime(1000);
    expect(queue.checkPendingRequests).not.toHaveBeenCalled();
  });

  it('checks a waiting request again after 10 ms, or when a throttle ends', () => {
    const waiting = idleQueue(['fetch']);
    waiting.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(9);
    expect(waiting.checkPendingRequests).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(waiting.checkPendingRequests).toHaveBeenCalledTimes(1);

    const throttled = idleQueue(['fetch'], Date.now() + 250);
    throttled.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(249);
    expect(throttled.checkPendingRequests).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(throttled.checkPendingRequests).toHaveBeenCalledTimes(1);
  });
});

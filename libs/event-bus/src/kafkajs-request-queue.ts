/**
 * kafkajs 2.2.4 keeps every broker connection busy when it has nothing to do: after each request its queue
 * schedules a check of pending requests at `throttledUntil - now`, which is negative when the broker has not
 * throttled us, so the check runs again after 1 ms, forever (tulios/kafkajs#1556, #1704; fix proposed in #1667,
 * not released). With a few dozen connections that was a thousand timers a second per connection: most of an
 * idle app's CPU, and work competing with every request under load (Node 24 prints it as a
 * `TimeoutNegativeWarning`).
 *
 * The replacement keeps the upstream behaviour where it matters — a request waiting behind a throttle or the
 * in-flight limit is checked again when the throttle ends, or in 10 ms — and schedules nothing when nothing is
 * waiting: a request that arrives later is checked by `push`, one freed by a response by `fulfillRequest`.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as {
  prototype: RequestQueueInternals;
};

interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for a request held only by the in-flight limit. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

RequestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  let scheduleAt: number;
  if (this.pending.length > 0)
    scheduleAt = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS;
  else if (untilUnthrottled > 0) scheduleAt = untilUnthrottled;
  else return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, scheduleAt);
};

export const kafkajsRequestQueue = RequestQueue;

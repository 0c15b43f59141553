// Preload (`node -r`) that runs the process with its wall clock off by FAULT_CLOCK_OFFSET_MS (positive: ahead):
// `Date.now()` and `new Date()` move, timers do not — as on a host whose NTP drifted.
/* global process */
'use strict';
const offset = Number(process.env.FAULT_CLOCK_OFFSET_MS ?? 0);
if (offset !== 0) {
  const RealDate = Date;
  class SkewedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = SkewedDate;
}

export interface Visit {
  url: string;
  referrer: string;
  timestamp: number;
}

/**
 * Reports each navigation's new and previous full path (path + query). The first visit's referrer is the
 * page the browser came from. Reporting is fire-and-forget: a failing report never affects navigation.
 */
export function createVisitTracker(
  report: (visit: Visit) => Promise<unknown>,
  initialReferrer: string,
  now = Date.now,
) {
  let previous = initialReferrer;
  return (fullPath: string): void => {
    const visit = { url: fullPath, referrer: previous, timestamp: now() };
    previous = fullPath;
    report(visit).catch(() => undefined);
  };
}

import { api } from '@/lib/api/client';
import type { Visit } from '@/lib/visit-tracker';

/** `GET /statistic/add?url&referrer&timestamp`: records a page visit; failures stay invisible. */
export function recordVisit(visit: Visit): Promise<unknown> {
  return api.get('/statistic/add', {
    params: { url: visit.url, referrer: visit.referrer, timestamp: visit.timestamp },
    timestamp: false,
    loading: false,
    silent: true,
    redirectOnAuthFailure: false,
  });
}

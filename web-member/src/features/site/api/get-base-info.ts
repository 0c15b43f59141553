import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SiteInfo } from '@/stores/app-state';

export const baseInfoQueryKey = ['site', 'baseInfo'] as const;

/** `GET /baseInfo`: site settings and the current member; no loading indicator (docs/rules/web.md). */
export function getBaseInfo(): Promise<Partial<SiteInfo>> {
  return api.get<Partial<SiteInfo>>('/baseInfo', { loading: false });
}

export function baseInfoQueryOptions() {
  return queryOptions({ queryKey: baseInfoQueryKey, queryFn: getBaseInfo, staleTime: Infinity });
}

export function useBaseInfo() {
  return useQuery(baseInfoQueryOptions());
}

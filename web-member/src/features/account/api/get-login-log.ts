import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';

export interface LoginLogEntry {
  /** ISO time. */
  at: string;
  ip: string;
  /** Where the IP is (offline IP database), null when unknown. */
  ipLocation?: string | null;
  /** A password login, or a token renewal (`POST /refreshToken`). */
  type: 'login' | 'renewal';
}

export interface LoginLogParams {
  page: number;
  pageSize: number;
}

export const loginLogQueryKey = (params?: LoginLogParams) =>
  params ? (['account', 'loginLog', params] as const) : (['account', 'loginLog'] as const);

/** `GET /api/identity/login-log?page&pageSize`: the member's own logins and renewals, newest first. */
export function getLoginLog(params: LoginLogParams, signal?: AbortSignal): Promise<Page<LoginLogEntry>> {
  return api.get<Page<LoginLogEntry>>('/api/identity/login-log', { params: { ...params }, signal });
}

export function loginLogQueryOptions(params: LoginLogParams) {
  return queryOptions({
    queryKey: loginLogQueryKey(params),
    queryFn: ({ signal }) => getLoginLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLoginLog(params: LoginLogParams) {
  return useQuery(loginLogQueryOptions(params));
}

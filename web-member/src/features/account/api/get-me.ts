import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeView } from '@contracts/identity/member.views';
import { api } from '@/lib/api/client';

/** `GET /api/identity/me`: the logged-in member's own account (a public read view, `libs/contracts`, ADR 0047). */
export type { MeView as Me };

/** Every change to the member's own account invalidates this key (other features use the same literal). */
export const meQueryKey = ['account', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<MeView> {
  return api.get<MeView>('/api/identity/me', { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** `GET /api/identity/me`: the logged-in member's own account, with the contact details masked. */
export interface Me {
  id: string;
  account: string;
  nickname: string | null;
  kind: string;
  avatarUrl: string | null;
  /** Masked, e.g. `ab***@example.com`. */
  email: string | null;
  /** Masked, e.g. `138****5678`. */
  phone: string | null;
  /** A bound phone is the real-name authentication. */
  realNameVerified: boolean;
  allowUserDynamic: boolean;
  hintQuestion: string | null;
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
  followerCount: number;
  followingCount: number;
}

/** Every change to the member's own account invalidates this key (other features use the same literal). */
export const meQueryKey = ['account', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/identity/me', { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase } from '@/config/env';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { startMemberSession } from '../utils/session';

export interface OauthProvider {
  id: string;
  name: string;
}

/** `GET /api/identity/oauth/providers`: the third-party providers the staff enabled. */
export function getOauthProviders(signal?: AbortSignal): Promise<OauthProvider[]> {
  return api.get<OauthProvider[]>('/api/identity/oauth/providers', { signal, loading: false, silent: true });
}

export function oauthProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'oauthProviders'] as const,
    queryFn: ({ signal }) => getOauthProviders(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOauthProviders(enabled = true) {
  return useQuery({ ...oauthProvidersQueryOptions(), enabled });
}

/**
 * Where the browser goes to sign in with a provider (the server answers 302 with `state`). `returnTo` is a plain path
 * of this site (`/thread?topicId=1`), which the server keeps with the state and hands back after the callback.
 */
export function authorizeUrl(providerId: string, returnTo: string | null): string {
  const query = returnTo ? `?jumpUrl=${encodeURIComponent(returnTo)}` : '';
  return `${apiBase}/api/identity/oauth/${encodeURIComponent(providerId)}/authorize${query}`;
}

/** The callback's answer: the token pair and the path given to `authorize` (null when none was). */
export type OauthLogin = SessionAnswer & { jumpUrl?: string | null };

/**
 * `POST /api/identity/oauth/callback {state, code}` (or `{state, error}` when the provider refused) → the token pair;
 * a first login registers the member.
 */
export function oauthCallback(input: { state: string; code?: string; error?: string }): Promise<OauthLogin> {
  return api.post<OauthLogin>(
    '/api/identity/oauth/callback',
    { ...input },
    {
      silent: true,
      renewSession: false,
    },
  );
}

export function useOauthCallback() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: oauthCallback, onSuccess: (answer) => startMemberSession(answer, queryClient) });
}

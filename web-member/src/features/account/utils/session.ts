import type { QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { setSystemUser } from '@/stores/app-state';
import { loginLogQueryKey } from '../api/get-login-log';
import { meQueryKey } from '../api/get-me';

/** What belongs to one member and must not outlive their session (follow lists and profiles included). */
function dropMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: loginLogQueryKey() });
  queryClient.removeQueries({ queryKey: meQueryKey });
  queryClient.removeQueries({ queryKey: ['social'] });
}

/** After login or registration: the token pair where the API client reads it, and the member as current user. */
export function startMemberSession(answer: SessionAnswer, queryClient: QueryClient): void {
  api.startSession({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
  // Another member's data may still be cached from before.
  dropMemberData(queryClient);
  setSystemUser(answer.systemUser);
}

/** Log out: tokens gone (the client's `sessionCleared` clears the current user), member data dropped. */
export function endMemberSession(queryClient: QueryClient): void {
  api.endSession();
  setSystemUser(null);
  dropMemberData(queryClient);
}

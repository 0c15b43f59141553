import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { endMemberSession } from '../utils/session';

/** `POST /api/identity/logout` with the Bearer pair → 204: the server revokes the refresh token. */
export function logout(): Promise<void> {
  return api.post<void>('/api/identity/logout', undefined, { silent: true, redirectOnAuthFailure: false });
}

/**
 * Logging out always ends the session here (tokens, current user, member data), even when the server cannot be
 * told: the member asked to leave, and the server's session expires on its own.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        if (api.hasSession()) await logout();
      } catch {
        // Nothing to show: the session ends below either way.
      } finally {
        endMemberSession(queryClient);
      }
    },
  });
}

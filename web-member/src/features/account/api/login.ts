import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { startMemberSession } from '../utils/session';

export interface LoginInput {
  account: string;
  password: string;
  /** Only once the server asked for a captcha (`identity.captcha_required`). */
  captchaKey?: string;
  captcha?: string;
}

/**
 * `POST /api/identity/login`. Its 401 (`identity.login_failed`) is the answer, not a lost session, and the form
 * shows every failure itself.
 */
export function login(input: LoginInput): Promise<SessionAnswer> {
  return api.post<SessionAnswer>(
    '/api/identity/login',
    { account: input.account, password: input.password, captchaKey: input.captchaKey, captcha: input.captcha },
    { silent: true, renewSession: false },
  );
}

/** Logging in stores the token pair and makes the answer's member the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (answer) => startMemberSession(answer, queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { startMemberSession } from '../utils/session';

export interface RegisterInput {
  account: string;
  password: string;
  confirmPassword: string;
  /** Empty optional fields are left out of the request. */
  nickname?: string;
  hintQuestion?: string;
  hintAnswer?: string;
  agreeTerms: boolean;
  captchaKey: string;
  captcha: string;
}

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** `POST /api/identity/register` → 201 with the new member's token pair; the form shows every failure itself. */
export function register(input: RegisterInput): Promise<SessionAnswer> {
  return api.post<SessionAnswer>(
    '/api/identity/register',
    {
      account: input.account.trim(),
      password: input.password,
      confirmPassword: input.confirmPassword,
      nickname: optional(input.nickname),
      hintQuestion: optional(input.hintQuestion),
      hintAnswer: optional(input.hintAnswer),
      agreeTerms: input.agreeTerms,
      captchaKey: input.captchaKey,
      captcha: input.captcha.trim(),
    },
    { silent: true, renewSession: false },
  );
}

/** A new member is logged in at once: the token pair is stored and they become the current user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (answer) => startMemberSession(answer, queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { startMemberSession } from '../utils/session';

export interface CodeRegisterInput {
  method: 'phone' | 'email';
  /** The phone number or email address. */
  target: string;
  code: string;
  password: string;
  confirmPassword: string;
  nickname?: string;
  agreeTerms: boolean;
}

/**
 * `POST /api/identity/register` with `method` phone or email; the server makes up the account name. 409
 * `identity.phone_taken` / `identity.email_taken` when that address already has an account.
 */
export function registerWithCode(input: CodeRegisterInput): Promise<SessionAnswer> {
  const address =
    input.method === 'phone'
      ? { phone: input.target.trim(), smsCode: input.code.trim() }
      : { email: input.target.trim(), emailCode: input.code.trim() };
  return api.post<SessionAnswer>(
    '/api/identity/register',
    {
      method: input.method,
      ...address,
      password: input.password,
      confirmPassword: input.confirmPassword,
      nickname: input.nickname?.trim() ? input.nickname.trim() : undefined,
      agreeTerms: input.agreeTerms,
    },
    { silent: true, renewSession: false },
  );
}

export function useRegisterWithCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWithCode, onSuccess: (answer) => startMemberSession(answer, queryClient) });
}

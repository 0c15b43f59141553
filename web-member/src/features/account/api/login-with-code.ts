import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';
import { startMemberSession } from '../utils/session';

export type CodeLoginInput =
  { method: 'phone'; phone: string; smsCode: string } | { method: 'email'; email: string; emailCode: string };

/** `POST /api/identity/login` with `method` phone or email: the uniform `identity.login_failed` on a bad code. */
export function loginWithCode(input: CodeLoginInput): Promise<SessionAnswer> {
  const body =
    input.method === 'phone'
      ? { method: 'phone', phone: input.phone.trim(), smsCode: input.smsCode.trim() }
      : { method: 'email', email: input.email.trim(), emailCode: input.emailCode.trim() };
  return api.post<SessionAnswer>('/api/identity/login', body, { silent: true, renewSession: false });
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: loginWithCode, onSuccess: (answer) => startMemberSession(answer, queryClient) });
}

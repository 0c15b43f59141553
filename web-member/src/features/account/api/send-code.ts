import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'register' | 'login' | 'recover' | 'bindPhone' | 'verifyOldPhone';

export interface SendCodeInput {
  channel: CodeChannel;
  /** Phone, email, or the account name for `recover`; '' for `verifyOldPhone` (the bound phone is used). */
  target: string;
  purpose: CodePurpose;
  captchaKey: string;
  captcha: string;
}

export interface CodeSent {
  /** The server's countdown before another code may be asked for. */
  resendAfterSeconds: number;
  validSeconds: number;
}

/** `POST /api/identity/codes`: sends a 6-character SMS or email code; the form shows every failure itself. */
export function sendCode(input: SendCodeInput): Promise<CodeSent> {
  return api.post<CodeSent>(
    '/api/identity/codes',
    {
      channel: input.channel,
      target: input.target.trim(),
      purpose: input.purpose,
      captchaKey: input.captchaKey,
      captcha: input.captcha.trim(),
    },
    { silent: true },
  );
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}

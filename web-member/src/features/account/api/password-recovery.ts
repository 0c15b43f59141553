import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** The ways the account can prove it is theirs; null where the account has none. */
export interface RecoveryWays {
  hintQuestion: string | null;
  /** Masked, e.g. `138****5678`. */
  phone: string | null;
  /** Masked, e.g. `ab***@example.com`. */
  email: string | null;
}

export type RecoveryWay = 'hint' | 'phone' | 'email';

const quiet = { silent: true, renewSession: false } as const;

/** `POST /api/identity/password-recovery/start`; `identity.account_not_found` (404) for an unknown account. */
export function startRecovery(input: { account: string; captchaKey: string; captcha: string }): Promise<RecoveryWays> {
  return api.post<RecoveryWays>(
    '/api/identity/password-recovery/start',
    { account: input.account.trim(), captchaKey: input.captchaKey, captcha: input.captcha.trim() },
    quiet,
  );
}

/** `POST /api/identity/password-recovery/verify` → a single-use `recoveryToken` (15 minutes). */
export function verifyRecovery(input: {
  account: string;
  way: RecoveryWay;
  hintAnswer?: string;
  code?: string;
}): Promise<{ recoveryToken: string }> {
  return api.post<{ recoveryToken: string }>(
    '/api/identity/password-recovery/verify',
    { account: input.account.trim(), way: input.way, hintAnswer: input.hintAnswer, code: input.code?.trim() },
    quiet,
  );
}

/** `POST /api/identity/password-recovery/reset` → 204; every session of the member ends. */
export function resetPassword(input: { recoveryToken: string; password: string; confirmPassword: string }) {
  return api.post<void>('/api/identity/password-recovery/reset', { ...input }, quiet);
}

export const useStartRecovery = () => useMutation({ mutationFn: startRecovery });
export const useVerifyRecovery = () => useMutation({ mutationFn: verifyRecovery });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

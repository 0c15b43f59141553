import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { meQueryKey } from './get-me';

/** The member's phone after binding: masked, and real-name verified. */
export interface BoundPhone {
  phone: string;
  realNameVerified: boolean;
}

/** `POST /api/identity/me/phone {phone, smsCode}`: binds the first phone (= real-name authentication). */
export function bindPhone(input: { phone: string; smsCode: string }): Promise<BoundPhone> {
  return api.post<BoundPhone>(
    '/api/identity/me/phone',
    { phone: input.phone.trim(), smsCode: input.smsCode.trim() },
    { silent: true },
  );
}

/** `POST /api/identity/me/phone/verify-old {smsCode}` → a `changeToken` (10 minutes) for step 2. */
export function verifyOldPhone(input: { smsCode: string }): Promise<{ changeToken: string }> {
  return api.post<{ changeToken: string }>(
    '/api/identity/me/phone/verify-old',
    { smsCode: input.smsCode.trim() },
    { silent: true },
  );
}

/** `POST /api/identity/me/phone/change {changeToken, phone, smsCode}`: the new number replaces the old. */
export function changePhone(input: { changeToken: string; phone: string; smsCode: string }): Promise<BoundPhone> {
  return api.post<BoundPhone>(
    '/api/identity/me/phone/change',
    { changeToken: input.changeToken, phone: input.phone.trim(), smsCode: input.smsCode.trim() },
    { silent: true },
  );
}

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const useVerifyOldPhone = () => useMutation({ mutationFn: verifyOldPhone });

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

import { useId } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface Captcha {
  captchaKey: string;
  /** `data:image/svg+xml;base64,…` */
  image: string;
  expiresInSeconds: number;
}

export const captchaQueryKey = (owner: string) => ['account', 'captcha', owner] as const;

/** `GET /api/identity/captcha`: a new single-use 4-character image captcha. */
export function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get<Captcha>('/api/identity/captcha', { signal, loading: false });
}

/**
 * A captcha is used once, so it is never shared: each form has its own (`owner`), dropped when the form goes away,
 * fetched again on demand (`refetch`) and when it expires. One shared entry let the next form show the captcha the
 * previous one had just spent (recovery's second step, after the account step).
 */
export function captchaQueryOptions(owner: string) {
  return queryOptions({
    queryKey: captchaQueryKey(owner),
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data ? query.state.data.expiresInSeconds * 1000 : false),
  });
}

export function useCaptcha(enabled = true) {
  const owner = useId();
  return useQuery({ ...captchaQueryOptions(owner), enabled });
}

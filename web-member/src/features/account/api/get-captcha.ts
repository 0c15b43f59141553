import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface Captcha {
  captchaKey: string;
  /** `data:image/svg+xml;base64,…` */
  image: string;
  expiresInSeconds: number;
}

export const captchaQueryKey = ['account', 'captcha'] as const;

/** `GET /api/identity/captcha`: a new single-use 4-character image captcha. */
export function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get<Captcha>('/api/identity/captcha', { signal, loading: false });
}

/**
 * A captcha is used once, so it is never shared from the cache: dropped when its form goes away, fetched again
 * on demand (`refetch`) and when it expires.
 */
export function captchaQueryOptions() {
  return queryOptions({
    queryKey: captchaQueryKey,
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data ? query.state.data.expiresInSeconds * 1000 : false),
  });
}

export function useCaptcha(enabled = true) {
  return useQuery({ ...captchaQueryOptions(), enabled });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase } from '@/config/env';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';
import type { PaymentView, WalletView } from './types';

export const WALLET_PAGE_SIZE = 20;

/** Every wallet query starts with this key: a payment or a claim refreshes them all. */
export const WALLET_KEY = ['wallet'] as const;

/** `GET /api/wallet/me`: available and frozen balance (fen) and points. */
export function useMyWallet() {
  return useQuery({
    queryKey: [...WALLET_KEY, 'me'],
    queryFn: ({ signal }) => api.get<WalletView>('/api/wallet/me', { signal, silent: true }),
  });
}

/** One page of a wallet list: `/api/wallet/<path>?page&pageSize`. */
export function usePagedWalletList<T>(path: string, page: number) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'list', path, page],
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/api/wallet/${path}`, { params: { page, pageSize: WALLET_PAGE_SIZE }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/wallet/payment-providers`: the providers the recharge form offers. */
export function usePaymentProviders() {
  return useQuery({
    queryKey: [...WALLET_KEY, 'providers'],
    queryFn: ({ signal }) => api.get<{ items: { id: string }[] }>('/api/wallet/payment-providers', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * `POST /api/wallet/recharges {amount: yuan text, provider}`: the intent is stored; the answer says where the
 * member pays. A gateway on this site answers a path of the API, which lives at `apiBase`.
 */
export function useStartRecharge() {
  return useMutation({
    mutationFn: (input: { amount: string; provider: string }) =>
      api
        .post<{ intentId: string; redirectUrl: string }>('/api/wallet/recharges', input, { silent: true })
        .then((answer) => ({ ...answer, redirectUrl: absoluteApiUrl(answer.redirectUrl) })),
  });
}

export function absoluteApiUrl(url: string): string {
  return url.startsWith('/') ? `${apiBase}${url}` : url;
}

/** How often the payment result page asks whether the provider's notification arrived. */
export const PAYMENT_POLL_MS = 2000;

/** `GET /api/wallet/payments/:intentId`, asked again while the intent is pending; paid refreshes the wallet. */
export function usePayment(intentId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...WALLET_KEY, 'payment', intentId],
    queryFn: async ({ signal }) => {
      const payment = await api.get<PaymentView>(`/api/wallet/payments/${encodeURIComponent(intentId)}`, {
        signal,
        silent: true,
        loading: false,
      });
      if (payment.status === 'paid') {
        void queryClient.invalidateQueries({
          queryKey: WALLET_KEY,
          predicate: (query) => query.queryKey[1] !== 'payment',
        });
      }
      return payment;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
}

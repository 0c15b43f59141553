import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socialKeys } from '@/features/social';
import { WALLET_KEY } from '@/features/wallet';
import { api } from '@/lib/api/client';
import type { Page } from '@/lib/api/api-types';

export type DurationUnit = 'hour' | 'day' | 'month' | 'year';

/** A card's specification as `/api/wallet/membership-cards` answers it: money in integer fen. */
export interface MembershipSpec {
  specId: string;
  name: string;
  price: number;
  points: number;
  marketPrice: number | null;
  duration: number;
  unit: DurationUnit;
  enabled: boolean;
  stock: number;
}

export interface MembershipCard {
  cardId: string;
  name: string;
  subtitle: string;
  introduction: string;
  descriptionTags: string[];
  roleName: string;
  specifications: MembershipSpec[];
}

export interface MembershipOrder {
  orderId: string;
  orderNumber: string;
  cardName: string;
  specName: string;
  roleName: string;
  amount: number;
  points: number;
  quantity: number;
  duration: number;
  unit: DurationUnit;
  at: string;
  roleGranted: boolean;
  validUntil: string | null;
}

export const CARD_PAGE_SIZE = 20;
const CARDS_KEY = ['membership-cards'] as const;

/** `GET /api/wallet/membership-cards`: the cards on sale, a page at a time. */
export function useMembershipCards(page: number) {
  return useQuery({
    queryKey: [...CARDS_KEY, 'list', page],
    queryFn: ({ signal }) =>
      api.get<Page<MembershipCard>>('/api/wallet/membership-cards', {
        params: { page, pageSize: CARD_PAGE_SIZE },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/wallet/membership-cards/:cardId`: one card on sale with its enabled specifications. */
export function useMembershipCard(cardId: string) {
  return useQuery({
    queryKey: [...CARDS_KEY, 'one', cardId],
    queryFn: ({ signal }) =>
      api.get<MembershipCard>(`/api/wallet/membership-cards/${encodeURIComponent(cardId)}`, { signal, silent: true }),
    enabled: cardId !== '',
    retry: false,
  });
}

/**
 * `POST …/specifications/:specId/purchase`. The key is made once per confirmation, so a retried request (a
 * timeout, a double click) is the same order and is paid once. Success refreshes the wallet, orders and stock.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { cardId: string; specId: string; idempotencyKey: string }) =>
      api.post<MembershipOrder>(
        `/api/wallet/membership-cards/${encodeURIComponent(input.cardId)}/specifications/${encodeURIComponent(input.specId)}/purchase`,
        undefined,
        { headers: { 'Idempotency-Key': input.idempotencyKey }, silent: true },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
      void queryClient.invalidateQueries({ queryKey: CARDS_KEY });
      // The card's role shows on the buyer's own page.
      void queryClient.invalidateQueries({ queryKey: socialKeys.myRoles() });
    },
  });
}

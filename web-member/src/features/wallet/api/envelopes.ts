import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EnvelopeSettings, EnvelopeView } from './types';
import { WALLET_KEY } from './wallet';

const envelopeKey = (envelopeId: string) => [...WALLET_KEY, 'envelope', envelopeId] as const;
const envelopePath = (envelopeId: string) => `/api/wallet/envelopes/${encodeURIComponent(envelopeId)}`;

/** `GET /api/wallet/envelopes/settings`: the bounds of the topic form's envelope and the member's balance. */
export function useEnvelopeSettings(enabled = true) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'envelopeSettings'],
    queryFn: ({ signal }) =>
      api.get<EnvelopeSettings>('/api/wallet/envelopes/settings', { signal, silent: true, loading: false }),
    enabled,
  });
}

/** `GET /api/wallet/envelopes/:id`: the envelope of a topic, with what I claimed from it. */
export function useEnvelope(envelopeId: string) {
  return useQuery({
    queryKey: envelopeKey(envelopeId),
    queryFn: ({ signal }) => api.get<EnvelopeView>(envelopePath(envelopeId), { signal, silent: true, loading: false }),
  });
}

/** `POST /api/wallet/envelopes/:id/claim`: my share lands in my balance; the envelope and wallet are read again. */
export function useClaimEnvelope(envelopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ amount: number; claimedAt: string }>(`${envelopePath(envelopeId)}/claim`, undefined, { silent: true }),
    onSuccess: (claim) => {
      queryClient.setQueryData<EnvelopeView>(envelopeKey(envelopeId), (envelope) =>
        envelope ? { ...envelope, claimedByMe: claim, receivedQuantity: envelope.receivedQuantity + 1 } : envelope,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}

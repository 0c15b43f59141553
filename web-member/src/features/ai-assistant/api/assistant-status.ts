import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AssistantStatus } from './assistant';

/**
 * Its own file because the header asks it on every page: the rest of the assistant's API (the streaming answer,
 * the conversations) loads with the dialog, not with a first page (issue 20's budget).
 */
export const assistantStatusKey = ['assistant', 'status'] as const;

/** `GET /api/assistant/status`: whether the dialog is offered to this reader (switch, permission). */
export function useAssistantStatus(enabled: boolean) {
  return useQuery({
    queryKey: assistantStatusKey,
    queryFn: ({ signal }) =>
      api.get<AssistantStatus>('/api/assistant/status', { signal, loading: false, silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface UnreadCount {
  privateMessageCount: number;
  remindCount: number;
  systemNotifyCount: number;
}

/** Path agreed for the messaging context's counter endpoint. */
export const UNREAD_COUNT_PATH = '/api/messaging/unread-count';
export const UNREAD_POLL_MS = 15_000;

export const unreadCountQueryKey = (userId: string) => ['messages', 'unreadCount', userId] as const;

/**
 * The member's unread counts. A background poll: it never redirects to login, shows no loading
 * indicator and no error toasts.
 */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>(UNREAD_COUNT_PATH, {
    signal,
    loading: false,
    silent: true,
    redirectOnAuthFailure: false,
  });
}

/** Polls every 15 s unless the live stream is delivering the counts (`live`), when the poll would be redundant. */
export function unreadCountQueryOptions(userId: string, live = false) {
  return queryOptions({
    queryKey: unreadCountQueryKey(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });
}

export function useUnreadCount(userId: string | null, live = false) {
  return useQuery({ ...unreadCountQueryOptions(userId ?? '', live), enabled: userId !== null });
}

export function totalUnread(count: UnreadCount | undefined): number {
  if (!count) return 0;
  return (count.privateMessageCount ?? 0) + (count.remindCount ?? 0) + (count.systemNotifyCount ?? 0);
}

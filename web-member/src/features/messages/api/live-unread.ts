import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBase } from '@/config/env';
import { readTokens } from '@/lib/api/token-storage';
import { UNREAD_COUNT_PATH, unreadCountQueryKey, type UnreadCount } from './get-unread-count';

export const UNREAD_STREAM_PATH = `${UNREAD_COUNT_PATH}/stream`;
/** After the stream fails (network, or a 401 for an expired access token) the poll takes over for this long. */
export const LIVE_RETRY_MS = 30_000;

/** The stream's URL: an `EventSource` cannot send the Authorization header, so the access token rides in the query. */
export function unreadStreamUrl(accessToken: string): string {
  return `${apiBase}${UNREAD_STREAM_PATH}?access_token=${encodeURIComponent(accessToken)}`;
}

/**
 * Keeps the member's unread counts live from the server's event stream, writing each `unread` event into the same
 * query the poll fills. Answers whether the stream is delivering; while it is not (no `EventSource`, no session, a
 * failed connection) the caller keeps polling. A failed stream is closed and reopened later with the then-current
 * access token, which the API client may have renewed meanwhile.
 */
export function useLiveUnread(userId: string | null): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const tokens = readTokens(localStorage);
      if (!tokens) return;
      source = new EventSource(unreadStreamUrl(tokens.accessToken));
      source.addEventListener('unread', (event) => {
        queryClient.setQueryData<UnreadCount>(unreadCountQueryKey(userId), JSON.parse((event as MessageEvent).data));
        setLive(true);
      });
      source.onerror = () => {
        source?.close();
        setLive(false);
        retry = setTimeout(connect, LIVE_RETRY_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      setLive(false);
    };
  }, [userId, queryClient]);
  return live;
}

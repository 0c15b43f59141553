import { apiBase } from '@/config/env';
import { appState } from '@/stores/app-state';
import { createApiClient } from './api-client';

const onServer = typeof window === 'undefined';

/** On the server (`entry-server.tsx`), the renderer's own fetch: it reads the site's API as a visitor. */
let serverFetch: typeof fetch | null = null;

/** Called once by the server renderer: the API client's calls then go through it (no tokens, no cookies). */
export function setServerFetch(fetchImpl: typeof fetch): void {
  serverFetch = fetchImpl;
}

/** What the server renders with: a visitor's empty storage (no session). */
const noStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/** The app's one API client. Its events are connected to the UI in `app/connect-api-events.ts`. */
export const api = createApiClient({
  baseUrl: apiBase,
  language: () => appState.get().currentLanguage,
  currentLocation: () => (onServer ? '/' : `${window.location.pathname}${window.location.search}`),
  ...(onServer && {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      if (!serverFetch) throw new Error('the server renderer set no fetch');
      return serverFetch(input, init);
    },
    storage: noStorage,
    cookies: () => '',
  }),
});

import type { SystemUser } from './api-types';

/** Texts of the HTTP error catalogue (docs/rules/web.md); `http.70` is the timeout, `http.network` an unreachable server. */
export type HttpMessageKey =
  'http.10' | 'http.20' | 'http.30' | 'http.40' | 'http.50' | 'http.60' | 'http.70' | 'http.network';

/** Blocking alerts shown once until dismissed: 456 (site notice) and 503 (service unavailable). */
export type AlertId = '456' | '503';

/**
 * What the client asks the UI layer to do. The client renders nothing itself, so it can be tested
 * without a DOM; the app connects these events to toasts, dialogs, the router and the app state.
 */
export type ApiEvent =
  | {
      type: 'toast';
      key: HttpMessageKey;
      params?: Record<string, string | number>;
      /** The server's own (already translated) explanation, shown under the catalogue text. */
      detail?: string;
      /** Persistent toasts stay until closed; the others close after the usual delay. */
      persistent: boolean;
    }
  | { type: 'fieldErrors'; messages: string[] }
  | { type: 'alert'; id: AlertId; message?: string }
  | { type: 'navigate'; to: string; replace: boolean }
  | { type: 'sessionCleared'; reason: 'refreshFailed' | 'storageReset' | 'loggedOut' }
  | { type: 'userRefreshed'; user: SystemUser | null }
  | { type: 'topicDetailDenied' }
  | { type: 'loading'; pending: number };

export type ApiListener = (event: ApiEvent) => void;

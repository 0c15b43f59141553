import { apiBase } from '@/config/env';
import { appState } from '@/stores/app-state';
import { createApiClient } from './api-client';

/** The app's one API client. Its events are connected to the UI in `app/connect-api-events.ts`. */
export const api = createApiClient({
  baseUrl: apiBase,
  language: () => appState.get().currentLanguage,
  currentLocation: () => `${window.location.pathname}${window.location.search}`,
});

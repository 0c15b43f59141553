import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from './language';

/** Id of the JSON data block a server-rendered page carries (a data block, not a script: the CSP runs none inline). */
export const SSR_STATE_ID = 'ssr-state';

/** What the server rendered with: the browser hydrates with the same, or renders afresh when it would differ. */
export interface SsrState {
  language: Language;
  /** The server's time zone: dates are formatted in it; a browser elsewhere hydrates in it, then shows its own. */
  timeZone: string;
  deviceNotice: boolean;
  /** The visitor's query cache (site info, the page's data). */
  queries: DehydratedState;
}

/** The state of a server-rendered page, or null when the page was not rendered on the server. */
export function readSsrState(document: Document): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

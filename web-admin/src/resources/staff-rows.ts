import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/** Sanitized HTML shown as plain text: staff lists are for reading, finding and acting, not for rendering. */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * A staff verb on a row: busy while it runs, then a success notice and a reload of the list, or the server's message
 * as an error notice. `run` resolves whether it succeeded, so a dialog closes only once the command is done.
 */
export function useStaffCommand() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (command: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await command();
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

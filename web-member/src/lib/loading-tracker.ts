export const LOADING_CLOSE_DEBOUNCE_MS = 300;

/**
 * Turns the number of requests in flight into "show the loading indicator": it shows at once and closes only
 * after nothing has been pending for 300 ms, so back-to-back requests do not make it flicker.
 */
export function createLoadingTracker(onChange: (visible: boolean) => void, closeDelayMs = LOADING_CLOSE_DEBOUNCE_MS) {
  let visible = false;
  let closing: ReturnType<typeof setTimeout> | undefined;
  return {
    update(pending: number): void {
      if (pending > 0) {
        clearTimeout(closing);
        closing = undefined;
        if (!visible) {
          visible = true;
          onChange(true);
        }
        return;
      }
      if (!visible || closing) return;
      closing = setTimeout(() => {
        closing = undefined;
        visible = false;
        onChange(false);
      }, closeDelayMs);
    },
  };
}

const KEY = 'oauthJumpUrl';

/**
 * The provider sends the browser back with only `code` and `state`, so the screen to return to is kept in this
 * tab's session storage while the member is away (the server keeps its own copy in `state`).
 */
export function rememberOauthJumpUrl(jumpUrl: string | null): void {
  try {
    if (jumpUrl) sessionStorage.setItem(KEY, jumpUrl);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the member then lands on the home page.
  }
}

/** The remembered `jumpUrl`, forgotten as it is read. */
export function takeOauthJumpUrl(): string | null {
  try {
    const jumpUrl = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return jumpUrl;
  } catch {
    return null;
  }
}

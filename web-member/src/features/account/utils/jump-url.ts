import { decodeRoute } from '@/lib/route-codec';

const SITE = 'http://site.invalid';
const ACCOUNT_SCREENS = /^\/(?:login|register)(?:\/|$)/;

/**
 * Where to go after logging in: the screen `jumpUrl` (made by `encodeLocation`) points to, when it is a path of
 * this site, else `fallback`. Anything that could leave the site — other origins, `//host`, backslashes, control
 * characters — and the account screens themselves (no loops) fall back.
 */
export function jumpTarget(jumpUrl: string | null | undefined, fallback = '/'): string {
  if (!jumpUrl) return fallback;
  const route = decodeRoute(jumpUrl);
  if (!route) return fallback;
  return sitePathOrFallback(route.fullPath, fallback, route.path);
}

/** A plain `path?query` (as the server hands back after a third-party login), kept only when it stays on the site. */
export function sitePathTarget(fullPath: string | null | undefined, fallback = '/'): string {
  if (!fullPath) return fallback;
  return sitePathOrFallback(fullPath, fallback, fullPath.split(/[?#]/)[0] ?? '');
}

function sitePathOrFallback(fullPath: string, fallback: string, path: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(path) || ACCOUNT_SCREENS.test(path) || !fullPath.startsWith('/')) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(fullPath, SITE);
  } catch {
    return fallback;
  }
  return resolved.origin === SITE ? fullPath : fallback;
}

/**
 * Turns a route (path and query) into one URL-safe string and back, e.g. for `/login?jumpUrl=…`.
 * The route is first written as `path?key=value&…` with every query value percent-encoded, then as
 * base64url of its UTF-8 bytes, so it survives any further URL handling untouched.
 */
export type RouteQuery = Record<string, string | string[]>;

export interface DecodedRoute {
  path: string;
  query: RouteQuery;
  /** `path` plus its query string, ready for the router. */
  fullPath: string;
}

export function encodeRoute(path: string, query: RouteQuery = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(item)}`),
  );
  return toBase64Url(pairs.length ? `${path}?${pairs.join('&')}` : path);
}

/** Encodes a `pathname + search` string as the router reports it. */
export function encodeLocation(pathAndSearch: string): string {
  const [path = '/', search = ''] = splitOnce(pathAndSearch, '?');
  return encodeRoute(path, queryOf(search));
}

/** The route back, or null when the text was not made by `encodeRoute` or points outside this site. */
export function decodeRoute(encoded: string): DecodedRoute | null {
  let text: string;
  try {
    text = fromBase64Url(encoded);
  } catch {
    return null;
  }
  const [path = '', search = ''] = splitOnce(text, '?');
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  let query: RouteQuery;
  try {
    query = queryOf(search);
  } catch {
    return null;
  }
  return { path, query, fullPath: search ? `${path}?${search}` : path };
}

function queryOf(search: string): RouteQuery {
  const query: RouteQuery = {};
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const [rawKey = '', rawValue = ''] = splitOnce(pair, '=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index < 0 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('not base64url');
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

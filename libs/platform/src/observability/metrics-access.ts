import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/** A proxy in front of the process adds one of these: its visitors must not count as "this machine". */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request may read the metrics (they are not for the public: queue sizes, lag, route latencies):
 * - a scraper presenting `Authorization: Bearer <METRICS_TOKEN>` when a token is configured, from anywhere;
 * - a client on this machine — a loopback connection (the socket's own address, never `X-Forwarded-For`) that
 *   came through no proxy — with or without a token (`docker compose exec … fetch('http://127.0.0.1:3000/…')`,
 *   local bench scripts).
 */
export function mayReadMetrics(
  request: { headers: IncomingHttpHeaders; socket?: { remoteAddress?: string | undefined } | null },
  token: string | undefined,
): boolean {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
    if (match && timingSafeEqual(digest(match[1]!), digest(token))) return true;
  }
  const address = request.socket?.remoteAddress ?? '';
  return LOOPBACK.test(address) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

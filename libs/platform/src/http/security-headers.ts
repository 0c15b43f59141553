import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers every response carries, set only where the route did not choose its own: the web shell sends the
 * sites' full policy, the files controller a sandbox, the sandbox gateways their form pages' policy. An API
 * answer is data, never a page: its policy forbids every resource and any framing. Every other HTML answer (the
 * API documentation, a page a route renders without choosing a policy) gets the sites' policy: no page the
 * server produces goes without one.
 */
const ALWAYS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The member site's and the console's policy (the same as nginx's, deploy/docker/nginx.conf): scripts only from
 * this origin, inline styles (MUI/emotion and Swagger UI inject `<style>`), images from anywhere over https.
 */
export const HTML_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
  "font-src 'self' data:; connect-src 'self'; media-src 'self' blob: https:; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

/**
 * For a plain server-rendered form page (the sandbox gateways' approve and checkout pages): no script at all, its
 * own inline `<style>`, and the form may post here and land (after the redirect) on `redirectTargets`' origins.
 */
export function formPagePolicy(...redirectTargets: (string | null | undefined)[]): string {
  const origins = new Set<string>();
  for (const target of redirectTargets) {
    if (!target) continue;
    try {
      const url = new URL(target);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A path: the same origin, which 'self' covers.
    }
  }
  return (
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; " +
    `form-action 'self'${[...origins].map((origin) => ` ${origin}`).join('')}; base-uri 'none'; frame-ancestors 'none'`
  );
}

export async function securityHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  for (const [name, value] of Object.entries(ALWAYS)) if (!reply.hasHeader(name)) void reply.header(name, value);
  if (!reply.hasHeader('content-security-policy')) {
    const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
    const html = type.startsWith('text/html') || type.startsWith('application/xhtml+xml');
    void reply.header('content-security-policy', html ? HTML_POLICY : API_POLICY);
  }
  reply.removeHeader('x-powered-by');
  return payload;
}

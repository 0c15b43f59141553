import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers every response carries, set only where the route did not choose its own: the web shell sends the
 * sites' full policy, the files controller a sandbox, the sandbox gateways their pages' framing rule. An API
 * answer is data, never a page: its policy forbids every resource and any framing.
 */
const ALWAYS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export async function securityHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  for (const [name, value] of Object.entries(ALWAYS)) if (!reply.hasHeader(name)) void reply.header(name, value);
  // HTML pages (Swagger UI, the gateway sandboxes, the placeholder shell) bring their own scripts: a blanket
  // `default-src 'none'` would break them, so only non-HTML answers get the API policy by default.
  const type = String(reply.getHeader('content-type') ?? '');
  if (!reply.hasHeader('content-security-policy') && !type.startsWith('text/html')) {
    void reply.header('content-security-policy', API_POLICY);
  }
  reply.removeHeader('x-powered-by');
  return payload;
}

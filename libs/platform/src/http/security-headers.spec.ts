import type { FastifyReply, FastifyRequest } from 'fastify';
import { formPagePolicy, HTML_POLICY, securityHeaders } from './security-headers';

/** The part of a Fastify reply the hook uses. */
function replyWith(headers: Record<string, string>) {
  const stored = new Map(Object.entries(headers));
  const reply = {
    hasHeader: (name: string) => stored.has(name),
    getHeader: (name: string) => stored.get(name),
    header: (name: string, value: string) => (stored.set(name, value), reply),
    removeHeader: (name: string) => (stored.delete(name), reply),
  };
  return { reply: reply as unknown as FastifyReply, stored };
}

const run = async (headers: Record<string, string>) => {
  const { reply, stored } = replyWith(headers);
  await securityHeaders({} as FastifyRequest, reply, 'payload');
  return stored;
};

describe('security headers on every answer', () => {
  it('gives any HTML answer that chose no policy the sites’ policy (no page goes without one)', async () => {
    for (const type of ['text/html', 'text/html; charset=utf-8', 'TEXT/HTML', 'application/xhtml+xml']) {
      const headers = await run({ 'content-type': type });
      expect(headers.get('content-security-policy')).toBe(HTML_POLICY);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('permissions-policy')).toContain('camera=()');
    }
    expect(HTML_POLICY).toContain("script-src 'self'");
    expect(HTML_POLICY).not.toContain("'unsafe-eval'");
  });

  it('gives everything else the API policy, and keeps a policy the route chose', async () => {
    expect((await run({ 'content-type': 'application/json' })).get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect((await run({})).get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const own = await run({ 'content-type': 'text/html', 'content-security-policy': "default-src 'none'; sandbox" });
    expect(own.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await run({ 'x-powered-by': 'x' })).has('x-powered-by')).toBe(false);
  });

  it('lets a form page post here and land on its redirect target’s origin only, without any script', () => {
    expect(formPagePolicy('/paymentCompleted/sandbox/5/x')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; " +
        "frame-ancestors 'none'",
    );
    const policy = formPagePolicy('https://forum.example/api/identity/oauth/callback?x=1;script-src *', null);
    expect(policy).toContain("form-action 'self' https://forum.example;");
    expect(policy).not.toContain('script-src');
    expect(formPagePolicy('javascript:alert(1)')).not.toContain('javascript');
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

/** The string a notify's signature covers: every parameter but `sign`, sorted by name, `k=v` joined by `&`. */
export function canonical(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** HMAC-SHA256 over the canonical string, hex: how the sandbox gateway signs (Alipay signs the same string with RSA2). */
export function signParams(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(canonical(params)).digest('hex');
}

export function verifySignature(params: Record<string, string>, secret: string): boolean {
  const given = Buffer.from(params.sign ?? '', 'hex');
  const expected = Buffer.from(signParams(params, secret), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { fingerprintOf } from './decorators';

const request = (overrides: Partial<Parameters<typeof fingerprintOf>[0]> = {}) => ({
  method: 'POST',
  url: '/api/wallet/accounts/m-1/adjustments',
  query: {},
  body: { kind: 'balance', amount: 700, reason: 'First' } as unknown,
  ...overrides,
});

describe('Idempotency-Key request fingerprint', () => {
  it('is the same for the same request, whatever order the client wrote the keys in', () => {
    expect(fingerprintOf(request())).toBe(
      fingerprintOf(request({ body: { reason: 'First', amount: 700, kind: 'balance' } })),
    );
    expect(fingerprintOf(request({ body: { a: { y: 1, x: [2, { q: 1, p: 2 }] } } }))).toBe(
      fingerprintOf(request({ body: { a: { x: [2, { p: 2, q: 1 }], y: 1 } } })),
    );
  });

  it('differs for another amount, another member (path), another method, another query', () => {
    const first = fingerprintOf(request());
    expect(fingerprintOf(request({ body: { kind: 'balance', amount: 70_000, reason: 'First' } }))).not.toBe(first);
    expect(fingerprintOf(request({ url: '/api/wallet/accounts/m-2/adjustments' }))).not.toBe(first);
    expect(fingerprintOf(request({ method: 'PUT' }))).not.toBe(first);
    expect(fingerprintOf(request({ url: '/api/wallet/accounts/m-1/adjustments?x=1', query: { x: '1' } }))).not.toBe(
      first,
    );
    // A number and its text are different requests; a missing body is not an empty object.
    expect(fingerprintOf(request({ body: { kind: 'balance', amount: '700', reason: 'First' } }))).not.toBe(first);
    expect(fingerprintOf(request({ body: undefined }))).not.toBe(fingerprintOf(request({ body: {} })));
  });
});

import { mayReadMetrics } from './metrics-access';

const TOKEN = 'scraper-token-0123456789';
const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  headers,
  socket: { remoteAddress },
});

describe('who may read /api/metrics', () => {
  it('lets a client on this machine in, unless it came through a proxy', () => {
    expect(mayReadMetrics(from('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(from('::1'), undefined)).toBe(true);
    expect(mayReadMetrics(from('::ffff:127.0.0.1'), TOKEN)).toBe(true);
    expect(mayReadMetrics(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), undefined)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', { forwarded: 'for=203.0.113.7' }), undefined)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', { 'x-real-ip': '203.0.113.7' }), undefined)).toBe(false);
  });

  it('refuses anyone else without the configured token', () => {
    expect(mayReadMetrics(from('203.0.113.7'), undefined)).toBe(false);
    expect(mayReadMetrics(from('203.0.113.7', { authorization: `Bearer ${TOKEN}` }), undefined)).toBe(false);
    expect(mayReadMetrics(from('203.0.113.7'), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('203.0.113.7', { authorization: 'Bearer wrong-token-0123456789' }), TOKEN)).toBe(false);
    expect(mayReadMetrics(from('203.0.113.7', { authorization: TOKEN }), TOKEN)).toBe(false);
    expect(mayReadMetrics({ headers: {}, socket: null }, TOKEN)).toBe(false);
  });

  it('lets the scraper with the token in from anywhere, also through a proxy', () => {
    expect(mayReadMetrics(from('203.0.113.7', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(
      mayReadMetrics(from('127.0.0.1', { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': '10.0.0.9' }), TOKEN),
    ).toBe(true);
  });
});

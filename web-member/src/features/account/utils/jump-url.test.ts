// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeLocation, encodeRoute } from '@/lib/route-codec';
import { jumpTarget, sitePathTarget } from './jump-url';

function rawBase64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

describe('jumpUrl after login', () => {
  it('goes back to the encoded screen with its query', () => {
    expect(jumpTarget(encodeLocation('/thread?topicId=t1&page=2'))).toBe('/thread?topicId=t1&page=2');
    expect(jumpTarget(encodeRoute('/search', { keyword: '红包 & more' }))).toBe(
      '/search?keyword=%E7%BA%A2%E5%8C%85%20%26%20more',
    );
  });

  it('falls back to / without a jumpUrl or with one the codec did not make', () => {
    expect(jumpTarget(null)).toBe('/');
    expect(jumpTarget('')).toBe('/');
    expect(jumpTarget('/askList')).toBe('/');
    expect(jumpTarget('not base64!')).toBe('/');
  });

  it('never leaves the site', () => {
    for (const outside of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      ' /askList',
    ])
      expect(jumpTarget(rawBase64Url(outside)), JSON.stringify(outside)).toBe('/');
  });

  it('does not loop back to the login or register screen', () => {
    expect(jumpTarget(encodeLocation('/login?jumpUrl=abc'))).toBe('/');
    expect(jumpTarget(encodeLocation('/register'))).toBe('/');
    expect(jumpTarget(encodeLocation('/loginHelp'))).toBe('/loginHelp');
  });

  it('uses the given fallback', () => {
    expect(jumpTarget(rawBase64Url('//evil.example'), '/user/control/home')).toBe('/user/control/home');
  });

  it('takes a plain path back from the server only when it stays on the site', () => {
    expect(sitePathTarget('/thread?topicId=t1')).toBe('/thread?topicId=t1');
    expect(sitePathTarget(null)).toBe('/');
    for (const outside of ['//evil.example', 'https://evil.example', '/\\evil.example', 'thread', '/login'])
      expect(sitePathTarget(outside), outside).toBe('/');
  });
});

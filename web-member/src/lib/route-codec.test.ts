// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeRoute, encodeLocation, encodeRoute } from './route-codec';

describe('route codec', () => {
  it('round-trips a path with a query, unicode and reserved characters', () => {
    const query = { topicId: 'abc', keyword: '红包 & 问答?=#/', tag: ['a', 'b c'] };
    const encoded = encodeRoute('/thread', query);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = decodeRoute(encoded);
    expect(decoded?.path).toBe('/thread');
    expect(decoded?.query).toEqual(query);
  });

  it('percent-encodes each query value inside the encoded route', () => {
    const decoded = decodeRoute(encodeRoute('/search', { keyword: 'a b&c' }));
    expect(decoded?.fullPath).toBe('/search?keyword=a%20b%26c');
  });

  it('round-trips a bare path', () => {
    expect(decodeRoute(encodeRoute('/user/control/home'))).toEqual({
      path: '/user/control/home',
      query: {},
      fullPath: '/user/control/home',
    });
  });

  it('encodes a location string as the router reports it', () => {
    const decoded = decodeRoute(encodeLocation('/question?questionId=7&page=2'));
    expect(decoded?.query).toEqual({ questionId: '7', page: '2' });
    expect(new URLSearchParams(decoded?.fullPath.split('?')[1]).get('page')).toBe('2');
  });

  it('refuses garbage and routes that leave the site', () => {
    expect(decodeRoute('%%%')).toBeNull();
    expect(decodeRoute(btoa('//evil.example/x').replace(/=+$/, ''))).toBeNull();
    expect(decodeRoute(btoa('https://evil.example').replace(/=+$/, ''))).toBeNull();
  });
});

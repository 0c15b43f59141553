// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './badge';

describe('badge count', () => {
  it('shows nothing for zero or less', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
  });

  it('shows the number up to 99', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
  });

  it('caps at 99+', () => {
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12_345)).toBe('99+');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mobileAccessCookie, needsDeviceNotice } from './supported-device';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('supported device notice', () => {
  it('lets the app run for 1 and 2', () => {
    expect(needsDeviceNotice(1, desktop, '')).toBe(false);
    expect(needsDeviceNotice(2, desktop, '')).toBe(false);
  });

  it('shows the notice on a desktop browser for any other value', () => {
    expect(needsDeviceNotice(3, desktop, '')).toBe(true);
    expect(needsDeviceNotice(0, desktop, 'cms_token=x')).toBe(true);
  });

  it('never shows it on a phone', () => {
    expect(needsDeviceNotice(3, phone, '')).toBe(false);
  });

  it('stops showing it once the visitor chose the mobile version', () => {
    const cookie = mobileAccessCookie().split(';')[0]!;
    expect(needsDeviceNotice(3, desktop, `cms_token=x; ${cookie}`)).toBe(false);
  });
});

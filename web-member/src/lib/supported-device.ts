import { readCookie } from './api/cookies';

/** `supportAccessDevice` values that let the desktop site run (docs/rules/web.md, docs/rules/moderation.md). */
export const SUPPORTED_DEVICE_VALUES = [1, 2] as const;
export const MOBILE_ACCESS_COOKIE = 'accessDevice';
const MOBILE_ACCESS_VALUE = 'mobile';
const MOBILE_ACCESS_MAX_AGE_S = 30 * 24 * 60 * 60;

export function isDesktopBrowser(userAgent: string): boolean {
  return !/Mobi|Android|iPhone|iPad|iPod|HarmonyOS|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent);
}

/**
 * The "use the mobile site" notice shows on a desktop browser when the site does not support desktops,
 * unless the visitor already chose the mobile version (the cookie its button sets).
 */
export function needsDeviceNotice(supportAccessDevice: number, userAgent: string, cookies: string): boolean {
  if ((SUPPORTED_DEVICE_VALUES as readonly number[]).includes(Number(supportAccessDevice))) return false;
  if (!isDesktopBrowser(userAgent)) return false;
  return readCookie(cookies, MOBILE_ACCESS_COOKIE) !== MOBILE_ACCESS_VALUE;
}

export function mobileAccessCookie(): string {
  return `${MOBILE_ACCESS_COOKIE}=${MOBILE_ACCESS_VALUE}; path=/; max-age=${MOBILE_ACCESS_MAX_AGE_S}; SameSite=Lax`;
}

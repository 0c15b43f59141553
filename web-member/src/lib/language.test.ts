// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { acceptLanguageOf, chooseLanguage, localeIdOf, rememberLinkLanguage, toLanguage } from './language';

describe('language choice', () => {
  it('prefers the stored choice over the server default and the browser', () => {
    expect(chooseLanguage('en_US', 'zh_CN', 'zh-CN')).toBe('en');
    expect(chooseLanguage('zh_CN', 'en_US', 'en-GB')).toBe('zh');
  });

  it('falls back to the server default when nothing is stored', () => {
    expect(chooseLanguage(null, 'zh_CN', 'en-US')).toBe('zh');
    expect(chooseLanguage('', 'en_US', 'zh-TW')).toBe('en');
  });

  it('falls back to the browser when neither is known', () => {
    expect(chooseLanguage(null, undefined, 'zh-TW')).toBe('zh');
    expect(chooseLanguage(undefined, null, 'fr-FR')).toBe('en');
  });

  it("remembers a link's ?lang= as the member's choice, and ignores anything else", () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void stored.set(key, value) };
    rememberLinkLanguage('?topicId=t1&lang=fr', storage);
    expect(stored.size).toBe(0);
    rememberLinkLanguage('?topicId=t1&lang=en', storage);
    expect(stored.get('language')).toBe('en_US');
    rememberLinkLanguage('?lang=ZH', storage);
    expect(chooseLanguage(stored.get('language'), 'en_US', 'en-US')).toBe('zh');
  });

  it('uses English when nothing at all is known', () => {
    expect(chooseLanguage(null, null, null)).toBe('en');
  });

  it('maps every zh* value to Chinese and anything else to English', () => {
    expect(toLanguage('zh')).toBe('zh');
    expect(toLanguage('ZH_hk')).toBe('zh');
    expect(toLanguage('de')).toBe('en');
  });

  it('names the language in headers and locale ids', () => {
    expect(acceptLanguageOf('zh')).toBe('zh-CN');
    expect(acceptLanguageOf('en')).toBe('en-US');
    expect(localeIdOf('zh')).toBe('zh_CN');
    expect(localeIdOf('en')).toBe('en_US');
  });
});

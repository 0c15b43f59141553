import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en } from '@/locales/en/translation';
import { zh } from '@/locales/zh/translation';
import { createTranslator, I18nProvider, useTranslation, type Catalogue } from './translator';

const catalogue = (texts: Record<string, unknown>) => texts as unknown as Catalogue;

describe('translator', () => {
  it('reads nested keys, fills placeholders and picks the plural form of count', () => {
    const i18n = createTranslator('en', {
      en: catalogue({
        a: { hello: 'Hello {{name}}', points_one: '{{count}} point', points_other: '{{count}} points' },
      }),
    });
    expect(i18n.t('a.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(i18n.t('a.points', { count: 1 })).toBe('1 point');
    expect(i18n.t('a.points', { count: 3 })).toBe('3 points');
    expect(i18n.t('a.points', { count: 0 })).toBe('0 points');
  });

  it('reads a missing key as the key and leaves a placeholder without a value as written', () => {
    const i18n = createTranslator('en', { en: catalogue({ a: { hello: 'Hello {{name}}' } }) });
    expect(i18n.t('a.missing')).toBe('a.missing');
    expect(i18n.t('a.hello')).toBe('Hello {{name}}');
    expect(i18n.t('a.hello', {})).toBe('Hello {{name}}');
  });

  it('a first page has part of the catalogue: the rest loads once, for a later screen or a switch back', async () => {
    const loadRest = vi.fn(async (language: 'zh' | 'en') =>
      catalogue(language === 'en' ? { b: { later: 'Later' } } : { b: { later: '稍后' } }),
    );
    const load = vi.fn(async () => catalogue({ a: { now: '现在' }, b: { later: '稍后' } }));
    const i18n = createTranslator('en', { en: catalogue({ a: { now: 'Now' } }) }, load, {
      partial: ['en'],
      loadRest,
    });
    expect(i18n.t('a.now')).toBe('Now');
    await Promise.all([i18n.loadEveryText(), i18n.loadEveryText()]);
    expect(i18n.t('b.later')).toBe('Later');
    expect(i18n.t('a.now')).toBe('Now');
    expect(loadRest).toHaveBeenCalledTimes(1);

    const other = createTranslator('en', { en: catalogue({ a: { now: 'Now' } }) }, load, { partial: ['en'], loadRest });
    // The same language announced again (dates moved to the reader's zone) and a switch away and back on a first
    // page load nothing more; once a screen has asked for every text, a switch back brings the rest too.
    await other.changeLanguage('en');
    await other.changeLanguage('zh');
    expect(other.t('b.later')).toBe('稍后');
    await other.changeLanguage('en');
    expect(other.t('b.later')).toBe('b.later');
    expect(loadRest).toHaveBeenCalledTimes(1);
    await other.changeLanguage('zh');
    await other.loadEveryText();
    await other.changeLanguage('en');
    expect(other.t('b.later')).toBe('Later');
    expect(loadRest).toHaveBeenCalledTimes(2);
  });

  it('a failed load of the rest is tried again by the next screen', async () => {
    const loadRest = vi
      .fn<(language: 'zh' | 'en') => Promise<Catalogue>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(catalogue({ b: { later: 'Later' } }));
    const i18n = createTranslator('en', { en: catalogue({}) }, undefined, { partial: ['en'], loadRest });
    await expect(i18n.loadEveryText()).rejects.toThrow('offline');
    expect(i18n.t('b.later')).toBe('b.later');
    await i18n.loadEveryText();
    expect(i18n.t('b.later')).toBe('Later');
  });

  it('loads the other language before switching to it, and components follow', async () => {
    const load = vi.fn(async () => zh);
    const i18n = createTranslator('en', { en }, load);
    function Label() {
      const { t } = useTranslation();
      return <p>{t('common.close')}</p>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Label />
      </I18nProvider>,
    );
    expect(screen.getByText(en.common.close)).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(load).toHaveBeenCalledWith('zh');
    expect(i18n.language).toBe('zh');
    expect(screen.getByText(zh.common.close)).toBeTruthy();
    // Back to a language already here: no second load.
    await act(() => i18n.changeLanguage('en'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText(en.common.close)).toBeTruthy();
  });
});

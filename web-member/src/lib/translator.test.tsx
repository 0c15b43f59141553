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

import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/fake-api';
import { createI18nProvider, messages } from './i18n-provider';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

describe('i18n', () => {
  const zh = flatten(messages.zh as Tree);
  const en = flatten(messages.en as Tree);

  it('has the same keys in zh and en, react-admin’s own included', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    expect(zh.has('ra.navigation.page_rows_per_page')).toBe(true);
  });

  it('uses in zh only the placeholders en has, and leaves no message empty', () => {
    for (const [key, text] of zh) {
      const allowed = placeholders(en.get(key) ?? '');
      for (const name of placeholders(text)) expect(allowed, `${key} uses %{${name}}`).toContain(name);
      if (key !== 'ra.boolean.null') expect(text.trim(), key).not.toBe('');
    }
  });

  it('starts from the saved adminLanguage, else the browser (zh* is Chinese)', () => {
    expect(createI18nProvider(memoryStorage({ adminLanguage: 'en' }), ['zh-CN']).getLocale()).toBe('en');
    expect(createI18nProvider(memoryStorage(), ['zh-TW', 'en']).getLocale()).toBe('zh');
    expect(createI18nProvider(memoryStorage(), ['fr-FR']).getLocale()).toBe('en');
  });

  it('translates, switches language, and remembers the choice', async () => {
    const storage = memoryStorage();
    const provider = createI18nProvider(storage, ['en-US']);
    expect(provider.translate('dashboard.outbox_backlog')).toBe('Outbox backlog');
    await provider.changeLocale('zh');
    expect(provider.translate('dashboard.outbox_backlog')).toBe('发件箱积压');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 41 })).toBe(
      '1-20，共 41 条',
    );
    expect(storage.getItem('adminLanguage')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(provider.getLocales!()).toEqual([
      { locale: 'zh', name: '中文' },
      { locale: 'en', name: 'English' },
    ]);
  });
});

import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { en } from './en';
import { zh } from './zh';

export type AdminLanguage = 'zh' | 'en';

export const LANGUAGE_KEY = 'adminLanguage';
export const messages = { zh, en } as const;

/** The member site's rule (docs/rules/web.md): a value starting with `zh` means Chinese, anything else English. */
export function languageOf(value: string | null | undefined): AdminLanguage {
  return value?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The saved choice first, else the browser's preferred language. */
export function initialLanguage(storage: Storage, browserLanguages: readonly string[]): AdminLanguage {
  return languageOf(storage.getItem(LANGUAGE_KEY) ?? browserLanguages[0]);
}

/**
 * zh and en with react-admin's polyglot provider; a change of language is remembered under
 * `adminLanguage` and set on `<html lang>` so assistive technology reads the page in it.
 */
export function createI18nProvider(storage: Storage, browserLanguages: readonly string[]): I18nProvider {
  const initial = initialLanguage(storage, browserLanguages);
  const provider = polyglotI18nProvider((locale) => messages[languageOf(locale)], initial, [
    { locale: 'zh', name: '中文' },
    { locale: 'en', name: 'English' },
  ]);
  setDocumentLanguage(initial);
  return {
    ...provider,
    async changeLocale(locale, options) {
      const language = languageOf(locale);
      await provider.changeLocale(language, options);
      storage.setItem(LANGUAGE_KEY, language);
      setDocumentLanguage(language);
    },
  };
}

function setDocumentLanguage(language: AdminLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

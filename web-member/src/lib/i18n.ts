import { en } from '@/locales/en/translation';
import { zh } from '@/locales/zh/translation';
import type { Language } from './language';
import { createTranslator, type I18n } from './translator';

/**
 * A translator with both catalogues at hand, for the server's renders and the tests. The browser does not import
 * this file: it loads only the reader's catalogue (`loadI18n` in `translator.ts`).
 */
export function createI18n(language: Language): I18n {
  return createTranslator(language, { zh, en });
}

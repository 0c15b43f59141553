import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en/translation';
import { zh } from '@/locales/zh/translation';
import type { Language } from './language';

export const resources = { en: { translation: en }, zh: { translation: zh } } as const;

/** One i18next instance for the app, with both languages bundled (they are small) and English as fallback. */
export function createI18n(language: Language) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['zh', 'en'],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

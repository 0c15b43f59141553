import type { I18n } from '@/lib/translator';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from '@/lib/translator';
import { LANGUAGE_STORAGE_KEY, toLanguage, type Language } from '@/lib/language';
import { setCurrentLanguage } from '@/stores/app-state';

/** Puts a language into effect everywhere: texts, `<html lang>`, the shared state (and so `Accept-Language`). */
export async function applyLanguage(i18n: I18n, language: Language): Promise<void> {
  setCurrentLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  await i18n.changeLanguage(language);
}

/** The member's explicit choice: remembered in localStorage, and server data is fetched again in that language. */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (localeId: string) => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, localeId);
      await applyLanguage(i18n, toLanguage(localeId));
      await queryClient.invalidateQueries();
    },
    [i18n, queryClient],
  );
}

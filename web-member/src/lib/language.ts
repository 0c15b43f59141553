/** The interface languages: Chinese for a value starting with `zh`, English otherwise (docs/rules/web.md, Language). */
export type Language = 'zh' | 'en';

/** localStorage key of the member's explicit choice; it holds a locale id such as `zh_CN`. */
export const LANGUAGE_STORAGE_KEY = 'language';

export const DEFAULT_LOCALE_ID = 'zh_CN';

export const builtInLanguageNames: Record<string, string> = { zh_CN: '简体中文', en_US: 'English' };

export function toLanguage(value: string): Language {
  return value.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * A link's `?lang=zh` / `?lang=en` (what the page heads' hreflang alternates point to) is an explicit choice: it
 * is remembered like the language menu's, so the rest of the visit stays in it.
 */
export function rememberLinkLanguage(search: string, storage: Pick<Storage, 'setItem'>): void {
  const value = new URLSearchParams(search).get('lang')?.trim().toLowerCase();
  if (value === 'zh' || value === 'en') storage.setItem(LANGUAGE_STORAGE_KEY, localeIdOf(value));
}

/** Stored choice, else the server's default, else the browser's language. */
export function chooseLanguage(
  stored: string | null | undefined,
  serverDefault: string | null | undefined,
  browser: string | null | undefined,
): Language {
  const source = [stored, serverDefault, browser].find((value) => typeof value === 'string' && value.trim() !== '');
  return toLanguage(source ?? '');
}

export function acceptLanguageOf(language: Language): 'zh-CN' | 'en-US' {
  return language === 'zh' ? 'zh-CN' : 'en-US';
}

export function localeIdOf(language: Language): 'zh_CN' | 'en_US' {
  return language === 'zh' ? 'zh_CN' : 'en_US';
}

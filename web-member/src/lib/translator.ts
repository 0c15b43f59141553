import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { en } from '@/locales/en/translation';
import type { Language } from './language';

/**
 * The member site's texts (ADR 37): a lookup in the reader's language catalogue with `{{name}}` placeholders and
 * `_one` / `_other` plural keys chosen by `Intl.PluralRules` for `count` — the part of i18next the site used, in
 * a few hundred bytes instead of 18 KB of gzip on every first load. The browser loads only the reader's
 * catalogue (`loadI18n`); the other one loads when the member switches language.
 */
export type Catalogue = typeof en;
export type TranslateOptions = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface I18n {
  readonly language: Language;
  t: TFunction;
  /**
   * Loads the language's catalogue when it is not here yet, then switches every text to it. The same language
   * again renders every text again (what the page does when dates move to the reader's time zone).
   */
  changeLanguage(language: Language): Promise<void>;
  /** Bumped by each `changeLanguage`: what `useTranslation` re-renders on. */
  readonly revision: number;
  on(event: 'languageChanged', listener: (language: Language) => void): void;
  off(event: 'languageChanged', listener: (language: Language) => void): void;
}

type CatalogueLoader = (language: Language) => Promise<Catalogue>;

/** Each language's catalogue is its own chunk. */
export const loadCatalogue: CatalogueLoader = (language) =>
  language === 'zh'
    ? import('@/locales/zh/translation').then((module) => module.zh)
    : import('@/locales/en/translation').then((module) => module.en);

/** The browser's texts: the reader's catalogue first, then the translator. */
export async function loadI18n(language: Language): Promise<I18n> {
  return createTranslator(language, { [language]: await loadCatalogue(language) }, loadCatalogue);
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translator over the catalogues given (a missing key reads as the key itself, as with i18next; a placeholder
 * with no value is left as written).
 */
export function createTranslator(
  initial: Language,
  catalogues: Partial<Record<Language, Catalogue>>,
  load: CatalogueLoader = loadCatalogue,
): I18n {
  const loaded = { ...catalogues };
  const listeners = new Set<(language: Language) => void>();
  let plurals = new Intl.PluralRules(initial);
  const i18n: I18n = {
    language: initial,
    revision: 0,
    t: (key, options) => {
      const catalogue = loaded[i18n.language];
      let text: string | undefined;
      if (typeof options?.count === 'number') text = lookup(catalogue, `${key}_${plurals.select(options.count)}`);
      text ??= lookup(catalogue, key) ?? (options?.count !== undefined ? lookup(catalogue, `${key}_other`) : undefined);
      if (text === undefined) return key;
      if (!options) return text;
      return text.replace(PLACEHOLDER, (placeholder, name: string) =>
        options[name] === undefined || options[name] === null ? placeholder : String(options[name]),
      );
    },
    async changeLanguage(language) {
      loaded[language] ??= await load(language);
      Object.assign(i18n, { language, revision: i18n.revision + 1 });
      plurals = new Intl.PluralRules(language);
      for (const listener of [...listeners]) listener(language);
    },
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
  return i18n;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** The texts of the provider's translator; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>');
  const revision = useSyncExternalStore(
    (changed) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    () => i18n.revision,
    () => i18n.revision,
  );
  // A new `t` per change, so effects and memos that depend on it run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `revision` is the signal: a new `t` per language change
  return useMemo(() => ({ t: (key, options) => i18n.t(key, options), i18n }), [i18n, revision]);
}

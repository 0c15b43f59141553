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
  /**
   * Loads the rest of the language's texts when only a first page's part is here (the browser's first load):
   * what a screen other than home and a topic waits for before it shows (`loadEveryText`).
   */
  loadEveryText(): Promise<void>;
  /** Bumped by each `changeLanguage`: what `useTranslation` re-renders on. */
  readonly revision: number;
  on(event: 'languageChanged', listener: (language: Language) => void): void;
  off(event: 'languageChanged', listener: (language: Language) => void): void;
}

type CatalogueLoader = (language: Language) => Promise<Catalogue>;
type PartLoader = (language: Language) => Promise<Partial<Catalogue>>;

/**
 * Each language's catalogue is two chunks (issue 20): the texts of a first page (home, a topic) and of the site
 * around every screen, and the rest (the member's own screens, Q&A, messages, the member card…), about 5 KB gzip
 * that a first page does not load.
 */
const loadFirstPart: PartLoader = (language) =>
  language === 'zh'
    ? import('@/locales/zh/first').then((module) => module.firstZh)
    : import('@/locales/en/first').then((module) => module.firstEn);
const loadMorePart: PartLoader = (language) =>
  language === 'zh'
    ? import('@/locales/zh/more').then((module) => module.moreZh)
    : import('@/locales/en/more').then((module) => module.moreEn);

/** A language's whole catalogue (both parts): what a change of language loads. */
export const loadCatalogue: CatalogueLoader = (language) =>
  Promise.all([loadFirstPart(language), loadMorePart(language)]).then(
    ([first, more]) => ({ ...first, ...more }) as Catalogue,
  );

/** The browser's translator, from the moment it starts loading (screens' loaders may ask before it is ready). */
let browserTexts: { language: Language; i18n: Promise<I18n> } | null = null;

/** The browser's texts: the first part of the reader's catalogue, then the translator. */
export function loadI18n(language: Language): Promise<I18n> {
  const i18n = loadFirstPart(language).then((first) =>
    createTranslator(language, { [language]: first as Catalogue }, loadCatalogue, {
      partial: [language],
      loadRest: loadMorePart,
    }),
  );
  browserTexts = { language, i18n };
  return i18n;
}

/**
 * Every text of the reader's language, before a screen other than home and a topic shows (its route's loader and
 * the lazy dialogs of a first page wait for it beside their code, so no screen shows a raw key). At once where
 * every text is at hand: the server's renders, the tests, a browser that has it already.
 */
export function loadEveryText(): Promise<void> {
  if (!browserTexts) return Promise.resolve();
  // The rest starts loading now, beside the first part and the screen's code, not after them.
  loadMorePart(browserTexts.language).catch(() => undefined);
  return browserTexts.i18n.then((i18n) => i18n.loadEveryText());
}

/** `loadEveryText`'s wait beside a lazy module's own. */
export function withEveryText<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadEveryText()]).then(([module]) => module);
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
  /** Languages given only in part, and where their other part comes from. */
  rest?: { partial: Language[]; loadRest: PartLoader },
): I18n {
  const loaded = { ...catalogues };
  const partial = new Set(rest?.partial ?? []);
  const completing = new Map<Language, Promise<void>>();
  // Whether a screen has asked for every text: then a language switched to (back) gets every text too.
  let everyTextAsked = false;
  const complete = (language: Language): Promise<void> => {
    everyTextAsked = true;
    if (!rest || !partial.has(language)) return Promise.resolve();
    let pending = completing.get(language);
    if (!pending) {
      pending = rest.loadRest(language).then((more) => {
        loaded[language] = { ...loaded[language], ...more } as Catalogue;
        partial.delete(language);
      });
      // A failed load (the network) is tried again by the next screen that asks.
      pending.catch(() => completing.delete(language));
      completing.set(language, pending);
    }
    return pending;
  };
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
      if (!loaded[language]) loaded[language] = await load(language);
      else if (everyTextAsked) await complete(language);
      Object.assign(i18n, { language, revision: i18n.revision + 1 });
      plurals = new Intl.PluralRules(language);
      for (const listener of [...listeners]) listener(language);
    },
    loadEveryText: () => complete(i18n.language),
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

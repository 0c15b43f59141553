import { firstEn } from './first';
import { moreEn } from './more';

/**
 * English texts. `zh` must have exactly the same keys (checked by the type below and by a test). Two parts, each
 * its own chunk in the browser (ADR 37): a first page (home, a topic) loads `first`; every other screen and the
 * dialogs opened from a first page wait for `more` too (`loadEveryText` in `lib/translator.ts`).
 */
export const en = {
  ...firstEn,
  ...moreEn,
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Translation = Texts<typeof en>;
export type FirstTranslation = Texts<typeof firstEn>;
export type MoreTranslation = Texts<typeof moreEn>;

import type { ErrorCode, FieldErrorCode } from './error-codes';
import { en } from './messages.en';
import { zh } from './messages.zh';

export type Language = 'zh' | 'en';

export const errorMessages: Record<Language, Record<ErrorCode | FieldErrorCode, string>> = { zh, en };

/** `zh*` means Chinese, anything else English — the member site's rule (docs/rules/web.md), applied to Accept-Language too. */
export function languageOf(acceptLanguage: string | undefined | null): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function translateError(
  code: ErrorCode | FieldErrorCode,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  const template = errorMessages[language][code] ?? code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

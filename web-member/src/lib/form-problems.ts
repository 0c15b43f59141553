import type { TFunction } from '@/lib/translator';
import { ApiError, type ErrorBody } from '@/lib/api/api-error';

/** What a failed submission means for a form: messages under fields, one for the whole form, or "switched off". */
export interface FormProblems {
  fields: Record<string, string>;
  form: string | null;
  /** The staff switched the capability off; the text is theirs (empty: use the standard one). */
  closed: string | null;
}

/** Error codes that concern a single field. */
const CODE_FIELDS: Record<string, string> = {
  'identity.account_taken': 'account',
  'identity.nickname_taken': 'nickname',
  'identity.captcha_required': 'captcha',
  'identity.captcha_invalid': 'captcha',
  'identity.phone_taken': 'phone',
  'identity.email_taken': 'email',
  'identity.phone_already_bound': 'phone',
  'identity.account_not_found': 'account',
};

const CLOSED_CODES = new Set(['identity.login_disabled', 'identity.registration_disabled']);

/** Server field names shown under another field. */
const FIELD_ALIASES: Record<string, string> = { captchaKey: 'captcha' };

/**
 * Turns a failure into form problems. Server messages are already in the member's language; field errors go under
 * their fields (the first per field), the rest to the form. Transport failures use the catalogue's texts.
 */
export function formProblemsOf(
  error: unknown,
  fields: readonly string[],
  t: TFunction,
  /** More error code → field pairs for this form (e.g. `identity.code_invalid` → its code field). */
  codeFields: Record<string, string> = {},
): FormProblems {
  const problems: FormProblems = { fields: {}, form: null, closed: null };
  if (!(error instanceof ApiError)) {
    problems.form = t('common.submitError');
    return problems;
  }
  if (error.kind === 'timeout') problems.form = t('http.70');
  else if (error.kind === 'network') problems.form = t('http.network');
  if (error.kind !== 'http' && error.kind !== 'session') return withFallback(problems, t);

  const serverMessage = messageOf(error.body);
  if (error.code && CLOSED_CODES.has(error.code)) {
    problems.closed = serverMessage ?? '';
    return problems;
  }
  const unplaced: string[] = [];
  for (const fieldError of error.fieldErrors) {
    const field = FIELD_ALIASES[fieldError.field] ?? fieldError.field;
    const message = fieldError.message || serverMessage || '';
    if (fields.includes(field)) problems.fields[field] ??= message;
    else unplaced.push(message);
  }
  const codeField = error.code ? (codeFields[error.code] ?? CODE_FIELDS[error.code]) : undefined;
  if (codeField && fields.includes(codeField) && serverMessage) problems.fields[codeField] ??= serverMessage;
  if (unplaced.length) problems.form = unplaced.join(' ');
  else if (!Object.keys(problems.fields).length) problems.form = serverMessage ?? statusText(error, t);
  return problems;
}

function withFallback(problems: FormProblems, t: TFunction): FormProblems {
  problems.form ??= t('common.submitError');
  return problems;
}

function messageOf(body: unknown): string | null {
  const message = (body as ErrorBody | null)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

function statusText(error: ApiError, t: TFunction): string {
  if (error.status === 500) return t('http.50');
  return error.status ? t('http.60', { status: error.status }) : t('common.submitError');
}

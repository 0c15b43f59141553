import { z } from 'zod';
import type { FieldError } from '@forum/contracts';

/*
 * The one rule for the characters of text the API takes in (docs/architecture.md, "Text the API takes in").
 *
 * Every string of every request body and query, whatever the field: no C0 control but TAB, LF and CR; no DEL;
 * no C1 control (U+0080–U+009F); no lone surrogate. `ValidBody` and `ValidQuery` refuse them before the schema.
 *
 * Single-line text (names, nicknames, titles, accounts: fields wrapped in `singleLine(...)`), in addition: no TAB,
 * LF, CR, LINE SEPARATOR, PARAGRAPH SEPARATOR, and no bidirectional embedding, override or isolate
 * (U+202A–U+202E, U+2066–U+2069), which would let a name reverse or hide the text shown after it.
 *
 * Refused (400 `common.validation_failed`, field code `validation.control_character` naming the field and the
 * character), never stripped: a client that sends them has a bug or is probing, and what is stored is what was sent.
 * Text from a third party (an OAuth provider's nickname) is cleaned instead: `withoutForbiddenCharacters`.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_EVERYWHERE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
const FORBIDDEN_IN_SINGLE_LINE = /[\t\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** `U+0000` for the first character `text` may not hold, or null when it may be stored as it is. */
export function forbiddenCharacterIn(text: string, kind: 'multi-line' | 'single-line' = 'multi-line'): string | null {
  const found =
    FORBIDDEN_EVERYWHERE.exec(text) ?? (kind === 'single-line' ? FORBIDDEN_IN_SINGLE_LINE.exec(text) : null);
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` without the characters the rule refuses, for text that comes from a third party rather than a request
 * (an OAuth provider's nickname): a member is refused, a provider's value is cleaned, as a login cannot fail on it.
 */
export function withoutForbiddenCharacters(text: string, kind: 'multi-line' | 'single-line' = 'multi-line'): string {
  const cleaned = text.replace(new RegExp(FORBIDDEN_EVERYWHERE.source, 'gu'), '');
  return kind === 'single-line' ? cleaned.replace(new RegExp(FORBIDDEN_IN_SINGLE_LINE.source, 'gu'), '') : cleaned;
}

const MAX_ERRORS = 20;

/**
 * A field error for every string (and object key) in `input` that breaks the rule for all text, with its path as
 * the schema's errors name it (`specifications.0.name`). Walks without recursion: a deeply nested body is no risk.
 */
export function controlCharacterErrors(input: unknown): FieldError[] {
  // Each entry links to its parent rather than copying the path: a path is built only for a field in error.
  type Entry = { value: unknown; parent: Entry | null; name: string | null; isKey: boolean };
  const errors: FieldError[] = [];
  const pending: Entry[] = [{ value: input, parent: null, name: null, isKey: false }];
  const report = (entry: Entry, character: string) => {
    const path: string[] = [];
    for (let at: Entry | null = entry; at?.name != null; at = at.parent) path.push(at.name);
    errors.push({
      field: path.reverse().join('.') || '(body)',
      code: 'validation.control_character',
      message: '',
      params: { character },
    });
  };
  while (pending.length > 0 && errors.length < MAX_ERRORS) {
    const entry = pending.pop()!;
    const { value } = entry;
    const keyCharacter = entry.isKey && entry.name !== null ? forbiddenCharacterIn(entry.name) : null;
    if (keyCharacter) {
      report(entry, keyCharacter);
    } else if (typeof value === 'string') {
      const character = forbiddenCharacterIn(value);
      if (character) report(entry, character);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], parent: entry, name: String(index), isKey: false });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value).reverse()) {
        pending.push({ value: item, parent: entry, name, isKey: true });
      }
    }
  }
  return errors;
}

/**
 * Marks a string schema single-line (see the rule above): refused with `validation.control_character`, and shown
 * as `x-single-line: true` in the OpenAPI document. Checks the value as the schema has it at that point (after a
 * `.trim()` written before).
 */
export function singleLine<T extends z.ZodType<string, string>>(schema: T): T {
  return schema
    .superRefine((value, context) => {
      const character = forbiddenCharacterIn(value, 'single-line');
      if (character) {
        context.addIssue({
          code: 'custom',
          message: `not allowed in a single line: ${character}`,
          params: { code: 'validation.control_character', character },
        });
      }
    })
    .meta({ 'x-single-line': true }) as T;
}

import type { z } from 'zod';
import { siteSettingsSchema } from '@contracts/moderation/site-settings';

/**
 * The settings editor is built from the settings document's schema (shared with the server), so a setting
 * another capability adds needs only its labels in zh and en: each field kind below has its input.
 */
export type SettingField =
  | { kind: 'text'; path: string; minLength?: number; maxLength?: number; url: boolean }
  | { kind: 'number'; path: string; min?: number; max?: number; integer: boolean }
  | { kind: 'boolean'; path: string }
  | { kind: 'choice'; path: string; choices: (string | number)[] }
  /** `{enabled, message}`: a feature that staff can turn off, with the message members then see. */
  | { kind: 'switch'; path: string }
  | { kind: 'group'; path: string; fields: SettingField[] }
  /** A list of records (friendly links): one row per item. */
  | { kind: 'rows'; path: string; fields: SettingField[]; max?: number }
  /** Some of a fixed set (login methods): checkboxes. */
  | { kind: 'options'; path: string; choices: (string | number)[] }
  /** A list of words or numbers (upload formats, sensitive words): a chip input. */
  | { kind: 'words'; path: string; numeric: boolean; max?: number }
  /** A string → string map (language names): edited as key/value rows. */
  | { kind: 'dictionary'; path: string }
  /** Anything else: edited as JSON, so no setting is ever out of reach. */
  | { kind: 'json'; path: string };

// Zod 4 exposes its definitions at run time; these are the parts the editor reads.
type AnySchema = z.ZodType & {
  type: string;
  def: Record<string, unknown> & {
    innerType?: AnySchema;
    element?: AnySchema;
    checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  format?: string | null;
  options?: unknown[];
  shape?: Record<string, AnySchema>;
  values?: Set<unknown>;
};

const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch']);

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (WRAPPERS.has(current.type) && current.def.innerType) current = current.def.innerType;
  return current;
}

function maxItems(schema: AnySchema): number | undefined {
  const check = schema.def.checks?.map((given) => given._zod.def).find((def) => def.check === 'max_length');
  return (check as { maximum?: number } | undefined)?.maximum;
}

const orUndefined = (value: number | null | undefined) => (value === null || value === undefined ? undefined : value);
const finite = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) > 1e15 ? undefined : value;

function isSwitch(shape: Record<string, AnySchema>): boolean {
  const keys = Object.keys(shape).sort();
  return (
    keys.length === 2 &&
    keys[0] === 'enabled' &&
    keys[1] === 'message' &&
    unwrap(shape.enabled!).type === 'boolean' &&
    unwrap(shape.message!).type === 'string'
  );
}

export function describeField(path: string, given: AnySchema): SettingField {
  const schema = unwrap(given);
  switch (schema.type) {
    case 'string':
      return {
        kind: 'text',
        path,
        minLength: orUndefined(schema.minLength),
        maxLength: orUndefined(schema.maxLength),
        url: schema.format === 'url',
      };
    case 'number':
      return {
        kind: 'number',
        path,
        min: finite(schema.minValue),
        max: finite(schema.maxValue),
        integer: !!schema.isInt,
      };
    case 'boolean':
      return { kind: 'boolean', path };
    case 'enum':
      return { kind: 'choice', path, choices: (schema.options ?? []) as (string | number)[] };
    case 'literal':
      return { kind: 'choice', path, choices: [...(schema.values ?? [])] as (string | number)[] };
    case 'union': {
      const options = (schema.options ?? []).map((option) => unwrap(option as AnySchema));
      if (options.every((option) => option.type === 'literal')) {
        return {
          kind: 'choice',
          path,
          choices: options.flatMap((option) => [...(option.values ?? [])]) as (string | number)[],
        };
      }
      return { kind: 'json', path };
    }
    case 'object': {
      const shape = schema.shape ?? {};
      if (isSwitch(shape)) return { kind: 'switch', path };
      return { kind: 'group', path, fields: describeShape(shape, `${path}.`) };
    }
    case 'array': {
      const element = unwrap(schema.def.element!);
      if (element.type === 'object' && element.shape) {
        return { kind: 'rows', path, fields: describeShape(element.shape, ''), max: maxItems(schema) };
      }
      if (element.type === 'enum') {
        return { kind: 'options', path, choices: (element.options ?? []) as (string | number)[] };
      }
      if (element.type === 'string' || element.type === 'number') {
        return { kind: 'words', path, numeric: element.type === 'number', max: maxItems(schema) };
      }
      return { kind: 'json', path };
    }
    case 'record': {
      const valueType = unwrap(schema.def.valueType as AnySchema);
      return valueType.type === 'string' ? { kind: 'dictionary', path } : { kind: 'json', path };
    }
    default:
      return { kind: 'json', path };
  }
}

function describeShape(shape: Record<string, AnySchema>, prefix: string): SettingField[] {
  return Object.entries(shape).map(([key, schema]) => describeField(`${prefix}${key}`, schema));
}

/** Every setting of the document, in the schema's order. */
export const settingFields: SettingField[] = describeShape(
  (siteSettingsSchema as unknown as AnySchema).shape ?? {},
  '',
);

export interface SettingsTab {
  /** `general`, or the top-level section the tab shows. */
  name: string;
  fields: SettingField[];
}

/**
 * One tab per top-level section (switches, points, friendly links, …), and the plain top-level settings
 * (site info, mode, device support, languages) together on the first tab.
 */
export function settingsTabs(fields: SettingField[] = settingFields): SettingsTab[] {
  const general: SettingField[] = [];
  const sections: SettingsTab[] = [];
  for (const field of fields) {
    if (field.kind === 'group' || field.kind === 'rows') sections.push({ name: field.path, fields: [field] });
    else general.push(field);
  }
  return [{ name: 'general', fields: general }, ...sections];
}

/** The i18n key of a setting's label: its path without list positions (`friendlyLinks.url`). */
export function labelKey(path: string): string {
  return `settings.fields.${path}`;
}

/** The i18n key of a section's title (a key of its own: `settings.fields.switches` holds the switches' labels). */
export function sectionKey(path: string): string {
  return `settings.sections.${path}.title`;
}

export function choiceKey(path: string, value: string | number): string {
  return `settings.choices.${path}.${value}`;
}

/** Every label and choice key the editor will ask the translations for. */
export function translationKeys(fields: SettingField[] = settingFields, listPrefix = ''): string[] {
  return fields.flatMap((field): string[] => {
    const path = `${listPrefix}${field.path}`;
    switch (field.kind) {
      case 'group':
        return [sectionKey(path), ...translationKeys(field.fields)];
      case 'rows':
        return [sectionKey(path), ...translationKeys(field.fields, `${path}.`)];
      case 'choice':
      case 'options':
        return [labelKey(path), ...field.choices.map((choice) => choiceKey(path, choice))];
      default:
        return [labelKey(path)];
    }
  });
}

// ---- Form values: the document as the inputs edit it ----

type Values = Record<string, unknown>;

interface DictionaryRow {
  key: string;
  value: string;
}

function mapDictionaries(values: Values, fields: SettingField[], convert: (value: unknown) => unknown): Values {
  const out: Values = { ...values };
  for (const field of fields) {
    const key = field.path.split('.').pop()!;
    if (field.kind === 'dictionary' && key in out) out[key] = convert(out[key]);
    if (field.kind === 'group' && isRecord(out[key])) out[key] = mapDictionaries(out[key], field.fields, convert);
  }
  return out;
}

/** Dictionaries become key/value rows for the form. */
export function toFormValues(settings: Values, fields: SettingField[] = settingFields): Values {
  return mapDictionaries(settings, fields, (value) =>
    Object.entries(isRecord(value) ? value : {}).map(([key, text]): DictionaryRow => ({ key, value: String(text) })),
  );
}

/** The document again from the form's values. */
export function fromFormValues(values: Values, fields: SettingField[] = settingFields): Values {
  return mapDictionaries(values, fields, (rows) =>
    Object.fromEntries(
      (Array.isArray(rows) ? (rows as Partial<DictionaryRow>[]) : [])
        .filter((row) => row && (row.key ?? '') !== '')
        .map((row) => [row.key, row.value ?? '']),
    ),
  );
}

/**
 * The PATCH body: the top-level settings that changed; for a section (switches, points) only its changed
 * entries, since the server merges a section key by key. Nothing changed → `{}`.
 */
export function changedSettings(before: Values, after: Values): Values {
  const changes: Values = {};
  for (const [key, value] of Object.entries(after)) {
    const previous = before[key];
    if (same(previous, value)) continue;
    if (isRecord(previous) && isRecord(value)) {
      const inner: Values = {};
      for (const [innerKey, innerValue] of Object.entries(value)) {
        if (!same(previous[innerKey], innerValue)) inner[innerKey] = innerValue;
      }
      changes[key] = isDictionaryPath(key) ? value : inner;
    } else {
      changes[key] = value;
    }
  }
  return changes;
}

// A dictionary is replaced whole on the server (a removed language must go away), never merged.
function isDictionaryPath(key: string): boolean {
  return settingFields.some((field) => field.path === key && field.kind === 'dictionary');
}

// ---- Errors: the schema's own rules checked in the browser, and the server's put on the same fields ----

/** A react-admin error: a translation key with its arguments. */
export interface FieldMessage {
  message: string;
  args: Record<string, unknown>;
}

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
}

function valueAt(values: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (isObject(current) ? (current as Values)[key as string] : undefined),
    values,
  );
}

export function issueMessage(issue: SchemaIssue, values: unknown): FieldMessage {
  const limit = (bound: number | bigint | undefined) => Number(bound);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return { message: 'ra.validation.minLength', args: { min: limit(issue.minimum) } };
      if (issue.origin === 'array')
        return { message: 'settings.validation.min_items', args: { min: limit(issue.minimum) } };
      return { message: 'ra.validation.minValue', args: { min: limit(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { message: 'ra.validation.maxLength', args: { max: limit(issue.maximum) } };
      if (issue.origin === 'array')
        return { message: 'settings.validation.max_items', args: { max: limit(issue.maximum) } };
      return { message: 'ra.validation.maxValue', args: { max: limit(issue.maximum) } };
    case 'invalid_format':
      return { message: issue.format === 'url' ? 'settings.validation.url' : 'settings.validation.format', args: {} };
    case 'invalid_type': {
      const value = valueAt(values, issue.path);
      if (value === null || value === undefined || value === '') return { message: 'ra.validation.required', args: {} };
      return {
        message: issue.expected === 'number' ? 'ra.validation.number' : 'settings.validation.invalid',
        args: {},
      };
    }
    case 'not_multiple_of':
      return { message: 'settings.validation.integer', args: {} };
    default:
      return { message: 'settings.validation.invalid', args: {} };
  }
}

/**
 * Where an error on a document path shows in the form: a dictionary's entries are rows in the form, so an
 * error inside one (`languageSwitching.zh_CN`) goes on the dictionary as a whole.
 */
export function formPath(path: string, fields: SettingField[] = settingFields): string {
  const dictionary = allFields(fields).find(
    (field) => field.kind === 'dictionary' && path.startsWith(`${field.path}.`),
  );
  return dictionary ? dictionary.path : path;
}

function allFields(fields: SettingField[]): SettingField[] {
  return fields.flatMap((field) => (field.kind === 'group' ? [field, ...allFields(field.fields)] : [field]));
}

/** The schema's verdict on the form's values, as a nested error object react-admin's form shows on each input. */
export function validateSettings(values: Values): Values {
  const document = fromFormValues(values);
  const result = siteSettingsSchema.safeParse(document);
  const errors: Values = {};
  if (result.success) return errors;
  for (const issue of result.error.issues as SchemaIssue[]) {
    // A setting the server knows and this build of the console does not yet: the server is the judge of it.
    if (issue.code === 'unrecognized_keys') continue;
    const path = formPath(issue.path.map(String).join('.'));
    setAt(errors, path.split('.'), issueMessage(issue, document));
  }
  return errors;
}

/**
 * The server's field errors (`{'switches.login.message': 'Too long.'}`) on the form's paths; an error
 * without a message gets the generic "not valid" one.
 */
export function serverFieldErrors(errors: Record<string, string>, fallback: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [formPath(path), message || fallback]));
}

function setAt(target: Values, path: string[], value: unknown): void {
  let current: Values = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      if (!(key in current)) current[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(path[index + 1]!);
    if (!isObject(current[key])) current[key] = nextIsIndex ? [] : {};
    current = current[key] as Values;
  });
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

function isRecord(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@contracts/moderation/site-settings';
import { messages } from '../i18n/i18n-provider';
import {
  changedSettings,
  describeField,
  fromFormValues,
  serverFieldErrors,
  settingFields,
  settingsTabs,
  toFormValues,
  translationKeys,
  validateSettings,
} from './settings-shape';

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('the settings editor is built from the settings schema', () => {
  it('has a label in zh and en for every setting, section and choice of the document', () => {
    const missing = translationKeys().flatMap((key) =>
      (['zh', 'en'] as const)
        .filter((language) => typeof lookup(messages[language], key) !== 'string')
        .map((language) => `${language}: ${key}`),
    );
    expect(missing, 'add these to web-admin/src/i18n/console.{en,zh}.ts').toEqual([]);
  });

  it('gives each kind of value its input', () => {
    const byPath = new Map(settingFields.map((field) => [field.path, field]));
    expect(byPath.get('title')).toMatchObject({ kind: 'text', minLength: 1, maxLength: 60 });
    expect(byPath.get('siteMode')).toMatchObject({ kind: 'choice', choices: ['open', 'readOnly', 'closed'] });
    expect(byPath.get('supportAccessDevice')).toMatchObject({ kind: 'choice', choices: [1, 2, 3] });
    expect(byPath.get('languageSwitching')).toMatchObject({ kind: 'dictionary' });
    expect(byPath.get('friendlyLinks')).toMatchObject({ kind: 'rows', max: 50 });
    const switches = byPath.get('switches');
    expect(switches?.kind).toBe('group');
    if (switches?.kind === 'group') {
      expect(switches.fields.every((field) => field.kind === 'switch')).toBe(true);
      expect(switches.fields.map((field) => field.path)).toContain('switches.login');
    }
    expect(byPath.get('points')).toMatchObject({ kind: 'group' });
  });

  it('puts plain settings on the first tab and each section on a tab of its own', () => {
    const tabs = settingsTabs();
    expect(tabs[0]!.name).toBe('general');
    expect(tabs[0]!.fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['title', 'keywords', 'description', 'siteMode', 'closedNotice', 'supportAccessDevice']),
    );
    expect(tabs.map((tab) => tab.name)).toEqual(expect.arrayContaining(['friendlyLinks', 'switches', 'points']));
  });

  it('edits a string map as rows and gives it back as a map', () => {
    const form = toFormValues(DEFAULT_SITE_SETTINGS);
    expect(form.languageSwitching).toEqual([
      { key: 'zh_CN', value: '简体中文' },
      { key: 'en_US', value: 'English' },
    ]);
    expect(fromFormValues(form)).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('sends only what changed; within a section only the changed entries', () => {
    const after = structuredClone(DEFAULT_SITE_SETTINGS) as unknown as Record<string, unknown>;
    (after.switches as Record<string, unknown>).login = { enabled: false, message: 'Down for maintenance' };
    after.title = 'New title';
    (after.languageSwitching as Record<string, string>) = { zh_CN: '中文' };
    expect(changedSettings(DEFAULT_SITE_SETTINGS, after)).toEqual({
      title: 'New title',
      switches: { login: { enabled: false, message: 'Down for maintenance' } },
      // A map is replaced whole: a language taken away must go away on the server too.
      languageSwitching: { zh_CN: '中文' },
    });
    expect(changedSettings(DEFAULT_SITE_SETTINGS, structuredClone(DEFAULT_SITE_SETTINGS))).toEqual({});
  });

  it('checks the schema’s rules in the browser, with react-admin messages on the inputs', () => {
    const form = toFormValues(DEFAULT_SITE_SETTINGS);
    form.title = '';
    form.friendlyLinks = [{ name: 'Docs', url: 'ftp://example.com' }];
    (form.points as Record<string, unknown>).topic = -1;
    expect(validateSettings(form)).toEqual({
      title: { message: 'ra.validation.minLength', args: { min: 1 } },
      friendlyLinks: [{ url: { message: 'settings.validation.url', args: {} } }],
      points: { topic: { message: 'ra.validation.minValue', args: { min: 0 } } },
    });
    expect(validateSettings(toFormValues(DEFAULT_SITE_SETTINGS))).toEqual({});
  });

  it('leaves a setting this build does not know yet to the server (the form stays usable)', () => {
    const fromNewerServer = { ...toFormValues(DEFAULT_SITE_SETTINGS), settingOfTomorrow: { on: true } };
    expect(validateSettings(fromNewerServer)).toEqual({});
    expect(changedSettings(fromNewerServer, { ...fromNewerServer, title: 'New' })).toEqual({ title: 'New' });
  });

  it('puts server errors on the form’s inputs, with a message when the server gives none', () => {
    expect(
      serverFieldErrors({ 'switches.login.message': '', 'languageSwitching.fr_FR': 'Unknown language.' }, 'Not valid.'),
    ).toEqual({ 'switches.login.message': 'Not valid.', languageSwitching: 'Unknown language.' });
  });

  it('falls back to a JSON input for a shape it does not know', async () => {
    const { z } = await import('zod');
    expect(describeField('odd', z.tuple([z.string(), z.number()]) as never)).toEqual({ kind: 'json', path: 'odd' });
  });
});

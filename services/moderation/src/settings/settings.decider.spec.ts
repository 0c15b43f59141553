import { DEFAULT_SITE_SETTINGS } from '@forum/contracts';
import type { SettingsEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { settingsDecider } from './settings.decider';

const changed = (changes: Record<string, unknown>, previous: Record<string, unknown>): SettingsEvent => ({
  type: 'SettingsChanged',
  data: { changes, previous },
});

describe('site settings decider', () => {
  it('starts from complete defaults', () => {
    expect(DEFAULT_SITE_SETTINGS.switches.registration).toEqual({ enabled: true, message: '' });
    expect(DEFAULT_SITE_SETTINGS.points.topic).toBe(10);
    expect(DEFAULT_SITE_SETTINGS.supportAccessDevice).toBe(1);
  });

  it('records only what changed, with what it was before', () => {
    given(settingsDecider)
      .when({ type: 'ChangeSettings', changes: { title: 'My forum', description: DEFAULT_SITE_SETTINGS.description } })
      .then([changed({ title: 'My forum' }, { title: 'Forum' })]);
  });

  it('merges one switch into the switches section', () => {
    const switches = { ...DEFAULT_SITE_SETTINGS.switches, login: { enabled: false, message: 'Maintenance' } };
    given(settingsDecider)
      .when({ type: 'ChangeSettings', changes: { switches: { login: { enabled: false, message: 'Maintenance' } } } })
      .then([changed({ switches }, { switches: DEFAULT_SITE_SETTINGS.switches })]);
  });

  it('does nothing when nothing changes', () => {
    given(settingsDecider, [changed({ title: 'A' }, { title: 'Forum' })])
      .when({ type: 'ChangeSettings', changes: { title: 'A' } })
      .thenNothingHappened();
  });

  it.each([
    [{ supportAccessDevice: 4 }],
    [{ siteMode: 'maintenance' }],
    [{ points: { topic: -1 } }],
    [{ friendlyLinks: [{ name: 'x', url: 'javascript:alert(1)' }] }],
    [{ unknownSection: true }],
  ])('refuses invalid settings %j', (changes) => {
    given(settingsDecider).when({ type: 'ChangeSettings', changes }).thenError('common.validation_failed');
  });
});

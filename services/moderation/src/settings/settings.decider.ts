import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from '@forum/contracts';
import type { SettingsEvent, SiteSettings } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface ChangeSettings {
  type: 'ChangeSettings';
  /** Top-level sections to replace; a nested section (switches, points) is merged with its current value. */
  changes: Record<string, unknown>;
}

export type SettingsCommand = ChangeSettings;

/** The effective settings after `changes`, validated as a whole; unknown sections are refused. */
export function applyChanges(current: SiteSettings, changes: ChangeSettings['changes']): SiteSettings {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const before = merged[key];
    merged[key] =
      isPlainObject(before) && isPlainObject(value) && key !== 'languageSwitching' ? { ...before, ...value } : value;
  }
  const parsed = siteSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    throw new DomainError(
      'common.validation_failed',
      {},
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), code: 'validation.invalid', message: '' })),
    );
  }
  return parsed.data;
}

function changeSettings(command: ChangeSettings, state: SiteSettings): SettingsEvent[] {
  const next = applyChanges(state, command.changes);
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof SiteSettings)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(state[key])) {
      changes[key] = next[key];
      previous[key] = state[key];
    }
  }
  return Object.keys(changes).length === 0 ? [] : [{ type: 'SettingsChanged', data: { changes, previous } }];
}

export const settingsDecider: Decider<SiteSettings, SettingsCommand, SettingsEvent> = {
  name: 'settings',
  initialState: () => DEFAULT_SITE_SETTINGS,
  evolve: (state, event) => ({ ...state, ...(event.data.changes as Partial<SiteSettings>) }),
  decide(command, state) {
    switch (command.type) {
      case 'ChangeSettings':
        return changeSettings(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

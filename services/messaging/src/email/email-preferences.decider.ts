import { streamId } from '@forum/contracts';
import type { EmailGroup, EmailLanguage, EmailMode, EmailPreferencesEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';
import { DEFAULT_EMAIL_MODES } from './email-groups';

/** One small stream per member: their email choices. */
export function emailPreferencesStream(memberId: string): string {
  return streamId('emailPreferences', memberId);
}

export interface EmailPreferencesState {
  modes: Record<EmailGroup, EmailMode>;
  language: EmailLanguage | null;
}

export type EmailPreferencesCommand =
  | {
      type: 'SetEmailPreferences';
      memberId: string;
      modes: Partial<Record<EmailGroup, EmailMode>>;
      language: EmailLanguage | null;
      now: Date;
    }
  /** A signed link in an email: the groups it names stop emailing, without a login. */
  | { type: 'Unsubscribe'; memberId: string; groups: EmailGroup[]; now: Date };

const sameModes = (a: Record<EmailGroup, EmailMode>, b: Record<EmailGroup, EmailMode>) =>
  (Object.keys(a) as EmailGroup[]).every((group) => a[group] === b[group]);

/** Idempotent: choosing what is chosen, or unsubscribing twice, records nothing. */
export const emailPreferencesDecider: Decider<EmailPreferencesState, EmailPreferencesCommand, EmailPreferencesEvent> = {
  name: 'emailPreferences',
  initialState: () => ({ modes: { ...DEFAULT_EMAIL_MODES }, language: null }),
  evolve: (_state, event) => ({ modes: { ...event.data.modes }, language: event.data.language }),
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'SetEmailPreferences': {
        const modes = { ...state.modes, ...command.modes };
        if (sameModes(modes, state.modes) && command.language === state.language) return [];
        return [
          {
            type: 'EmailPreferencesChanged',
            data: { memberId: command.memberId, modes, language: command.language, via: 'settings', at },
          },
        ];
      }
      case 'Unsubscribe': {
        const modes = { ...state.modes };
        for (const group of command.groups) modes[group] = 'never';
        if (sameModes(modes, state.modes)) return [];
        return [
          {
            type: 'EmailPreferencesChanged',
            data: { memberId: command.memberId, modes, language: state.language, via: 'unsubscribe', at },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

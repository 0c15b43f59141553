import type { EmailPreferencesEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { DEFAULT_EMAIL_MODES } from './email-groups';
import { emailPreferencesDecider } from './email-preferences.decider';

const now = new Date('2026-12-01T10:00:00.000Z');
const at = now.toISOString();

describe('email preferences decider (one stream per member)', () => {
  const chosen: EmailPreferencesEvent = {
    type: 'EmailPreferencesChanged',
    data: {
      memberId: 'm',
      modes: { ...DEFAULT_EMAIL_MODES, replies: 'immediately' },
      language: 'en',
      via: 'settings',
      at,
    },
  };

  it('records a change of one group over the defaults, keeping the others', () => {
    given(emailPreferencesDecider)
      .when({ type: 'SetEmailPreferences', memberId: 'm', modes: { replies: 'immediately' }, language: 'en', now })
      .then([chosen]);
  });

  it('records nothing when the choice is what is chosen already', () => {
    given(emailPreferencesDecider, [chosen])
      .when({ type: 'SetEmailPreferences', memberId: 'm', modes: { replies: 'immediately' }, language: 'en', now })
      .thenNothingHappened();
  });

  it('turns the groups of an unsubscribe link to never, once', () => {
    const unsubscribed: EmailPreferencesEvent = {
      type: 'EmailPreferencesChanged',
      data: {
        memberId: 'm',
        modes: { ...chosen.data.modes, replies: 'never' },
        language: 'en',
        via: 'unsubscribe',
        at,
      },
    };
    given(emailPreferencesDecider, [chosen])
      .when({ type: 'Unsubscribe', memberId: 'm', groups: ['replies'], now })
      .then([unsubscribed]);
    given(emailPreferencesDecider, [chosen, unsubscribed])
      .when({ type: 'Unsubscribe', memberId: 'm', groups: ['replies'], now })
      .thenNothingHappened();
  });
});

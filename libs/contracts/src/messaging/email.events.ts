import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * Email notification groups: each gathers reminder types a member thinks of as one kind of news (private messages
 * are not reminders; they form a group of their own). Types in no group (likes, unlocks) are never emailed.
 */
export const EMAIL_GROUPS = ['replies', 'mentions', 'privateMessages', 'answers', 'follows'] as const;
export type EmailGroup = (typeof EMAIL_GROUPS)[number];

/** How a group reaches the member by email: not at all, one email per reminder, or one digest a day. */
export const EMAIL_MODES = ['never', 'immediately', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** The language emails are written in; null = the site's default language. */
export const EMAIL_LANGUAGES = ['zh', 'en'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

const emailModes = z.object(
  Object.fromEntries(EMAIL_GROUPS.map((group) => [group, z.enum(EMAIL_MODES)])) as Record<
    EmailGroup,
    z.ZodEnum<{ never: 'never'; immediately: 'immediately'; daily: 'daily' }>
  >,
);

/**
 * A member's email choices, whole (stream `emailPreferences-<memberId>`). `via: 'unsubscribe'` when a signed link
 * in an email turned a group to never, without a login.
 */
export const EmailPreferencesChanged = defineEvent({
  context: 'messaging',
  aggregate: 'emailPreferences',
  type: 'EmailPreferencesChanged',
  schema: z.object({
    memberId: z.string(),
    modes: emailModes,
    language: z.enum(EMAIL_LANGUAGES).nullable(),
    via: z.enum(['settings', 'unsubscribe']),
    at: z.string(),
  }),
});

export type EmailPreferencesEvent = EventOf<typeof EmailPreferencesChanged>;

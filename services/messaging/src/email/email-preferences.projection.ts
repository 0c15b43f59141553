import type {
  EmailPreferencesEvent,
  EventEnvelope,
  MemberContactEvent,
  MemberProfileEvent,
  MemberStateEvent,
} from '@forum/contracts';
import type { EmailGroup, EmailLanguage, EmailMode } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/** Per member (`_id` = memberId): their email choices, once they made any (absent = the defaults). */
export const EMAIL_PREFERENCES = 'email_preferences';
/** Per member (`_id` = memberId): whether identity holds a verified address, and whether the account is live. */
export const EMAIL_RECIPIENTS = 'email_recipients';

export interface EmailPreferencesDocument {
  _id: string;
  modes: Record<EmailGroup, EmailMode>;
  language: EmailLanguage | null;
}

export interface EmailRecipientDocument {
  _id: string;
  /** An address bound by its emailed code (registration by email): the only kind identity keeps. */
  verified?: boolean;
  emailMasked?: string;
  cancelled?: boolean;
  /** Switched off by staff (a ban): no mail while it lasts. */
  disabled?: boolean;
}

/** Mail goes only to a verified address of an account that is neither cancelled nor switched off by staff. */
export function reachable(recipient: EmailRecipientDocument | null | undefined): boolean {
  return recipient?.verified === true && recipient.cancelled !== true && recipient.disabled !== true;
}

export const emailPreferencesProjection: ProjectionDefinition = {
  name: 'messaging-email-preferences',
  version: 2,
  topics: ['messaging.emailPreferences', 'identity.member'],
  collections: [EMAIL_PREFERENCES, EMAIL_RECIPIENTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope &
      (EmailPreferencesEvent | MemberContactEvent | MemberProfileEvent | MemberStateEvent);
    switch (event.type) {
      case 'EmailPreferencesChanged':
        writer.upsertVersioned(EMAIL_PREFERENCES, event.data.memberId, envelope, {
          $set: { modes: event.data.modes, language: event.data.language },
        });
        return;
      case 'EmailBound':
        writer.upsertVersioned(EMAIL_RECIPIENTS, event.data.memberId, envelope, {
          $set: { verified: true, emailMasked: event.data.emailMasked },
        });
        return;
      case 'MemberCancelled':
        writer.upsertVersioned(EMAIL_RECIPIENTS, event.data.memberId, envelope, { $set: { cancelled: true } });
        return;
      case 'MemberDisabled':
      case 'MemberEnabled':
        writer.upsertVersioned(EMAIL_RECIPIENTS, event.data.memberId, envelope, {
          $set: { disabled: event.type === 'MemberDisabled' },
        });
        return;
      default:
        return;
    }
  },
};

import type { EmailPreferencesEvent, EventEnvelope, MemberContactEvent, MemberProfileEvent } from '@forum/contracts';
import type { EmailGroup, EmailLanguage, EmailMode } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/** Per member (`_id` = memberId): their email choices, once they made any (absent = the defaults). */
export const EMAIL_PREFERENCES = 'email_preferences';
/** Per member (`_id` = memberId): whether identity holds a verified address, and whether the account is cancelled. */
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
}

export const emailPreferencesProjection: ProjectionDefinition = {
  name: 'messaging-email-preferences',
  version: 1,
  topics: ['messaging.emailPreferences', 'identity.member'],
  collections: [EMAIL_PREFERENCES, EMAIL_RECIPIENTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (EmailPreferencesEvent | MemberContactEvent | MemberProfileEvent);
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
      default:
        return;
    }
  },
};

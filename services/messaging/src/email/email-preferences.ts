import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor, CommandMetadata, EmailGroup, EmailLanguage, EmailMode } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { DEFAULT_EMAIL_MODES } from './email-groups';
import { EmailPreferencesCommand, emailPreferencesDecider, emailPreferencesStream } from './email-preferences.decider';
import {
  EMAIL_PREFERENCES,
  EMAIL_RECIPIENTS,
  emailPreferencesProjection,
  EmailPreferencesDocument,
  EmailRecipientDocument,
  reachable,
} from './email-preferences.projection';
import { UnsubscribeTokens } from './unsubscribe-token';

export interface EmailPreferencesView {
  modes: Record<EmailGroup, EmailMode>;
  /** The language emails are written in; null = the site's default. */
  language: EmailLanguage | null;
  /** Where emails go (masked), or null: without a verified address nothing is sent, whatever the choices. */
  emailMasked: string | null;
}

/** A member's email choices: read, changed in the control panel, or turned off by a signed link. */
@Injectable()
export class EmailPreferences {
  readonly tokens: UnsubscribeTokens;

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new UnsubscribeTokens(config.JWT_SECRET);
  }

  async of(memberId: string): Promise<Omit<EmailPreferencesView, 'emailMasked'>> {
    const stored = await this.db.collection<EmailPreferencesDocument>(EMAIL_PREFERENCES).findOne({ _id: memberId });
    return { modes: { ...DEFAULT_EMAIL_MODES, ...stored?.modes }, language: stored?.language ?? null };
  }

  /** Many members' choices in one read (a reminder to a thousand followers). */
  async ofMany(memberIds: string[]): Promise<Map<string, Omit<EmailPreferencesView, 'emailMasked'>>> {
    const found = await this.db
      .collection<EmailPreferencesDocument>(EMAIL_PREFERENCES)
      .find({ _id: { $in: memberIds } })
      .toArray();
    const byId = new Map(found.map((document) => [document._id, document]));
    return new Map(
      memberIds.map((id) => [
        id,
        { modes: { ...DEFAULT_EMAIL_MODES, ...byId.get(id)?.modes }, language: byId.get(id)?.language ?? null },
      ]),
    );
  }

  async view(memberId: string): Promise<EmailPreferencesView> {
    const [preferences, recipient] = await Promise.all([
      this.of(memberId),
      this.db.collection<EmailRecipientDocument>(EMAIL_RECIPIENTS).findOne({ _id: memberId }),
    ]);
    const emailMasked = reachable(recipient) ? (recipient?.emailMasked ?? null) : null;
    return { ...preferences, emailMasked };
  }

  async set(
    actor: Actor,
    choice: { modes: Partial<Record<EmailGroup, EmailMode>>; language: EmailLanguage | null },
    meta: CommandMetadata,
  ): Promise<EmailPreferencesView> {
    const memberId = requireMember(actor).id;
    await this.run(memberId, { type: 'SetEmailPreferences', memberId, ...choice, now: meta.now }, meta);
    return this.view(memberId);
  }

  /** Follows a signed link: the groups it names turn to never. Answers them (the page names them). */
  async unsubscribe(token: string, meta: CommandMetadata): Promise<{ memberId: string; groups: EmailGroup[] }> {
    const verified = this.tokens.verify(token);
    if (!verified) throw new DomainError('messaging.unsubscribe_link_invalid');
    const { memberId, groups } = verified;
    await this.run(memberId, { type: 'Unsubscribe', memberId, groups, now: meta.now }, meta);
    return verified;
  }

  private async run(memberId: string, command: EmailPreferencesCommand, meta: CommandMetadata): Promise<void> {
    const result = await this.store.handle(emailPreferencesDecider, emailPreferencesStream(memberId), command, meta);
    if (result.events.length > 0)
      await this.waiter.waitFor(
        emailPreferencesProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandMetadata, EmailGroup, EmailLanguage, EmailMode } from '@forum/contracts';
import { EmailPreferences, EmailPreferencesView } from './email-preferences';

export interface EmailChoice {
  modes: Partial<Record<EmailGroup, EmailMode>>;
  language: EmailLanguage | null;
}

/** Groups left out keep their mode; `language: null` writes in the site's default language. */
export class SetEmailPreferencesCommand extends Command<EmailPreferencesView> {
  constructor(
    readonly actor: Actor,
    readonly choice: EmailChoice,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** The signed link in an email: no login, the signature is the permission; twice is the same as once. */
export class UnsubscribeEmailCommand extends Command<{ memberId: string; groups: EmailGroup[] }> {
  constructor(
    readonly token: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SetEmailPreferencesCommand)
export class SetEmailPreferencesHandler implements ICommandHandler<SetEmailPreferencesCommand> {
  constructor(private readonly preferences: EmailPreferences) {}

  execute({ actor, choice, meta }: SetEmailPreferencesCommand): Promise<EmailPreferencesView> {
    return this.preferences.set(actor, choice, meta);
  }
}

@CommandHandler(UnsubscribeEmailCommand)
export class UnsubscribeEmailHandler implements ICommandHandler<UnsubscribeEmailCommand> {
  constructor(private readonly preferences: EmailPreferences) {}

  execute({ token, meta }: UnsubscribeEmailCommand): Promise<{ memberId: string; groups: EmailGroup[] }> {
    return this.preferences.unsubscribe(token, meta);
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@forum/event-store';
import { SiteSettingsCache } from '@forum/platform';
import { OAuthClientSecrets } from './oauth-stores';

/** Staff set a configured provider's client secret: kept by identity only, never in settings or events. */
export class SetOAuthClientSecretCommand extends Command<void> {
  constructor(
    readonly providerId: string,
    readonly clientSecret: string,
  ) {
    super();
  }
}

@CommandHandler(SetOAuthClientSecretCommand)
export class SetOAuthClientSecretHandler implements ICommandHandler<SetOAuthClientSecretCommand> {
  constructor(
    private readonly secrets: OAuthClientSecrets,
    private readonly settings: SiteSettingsCache,
  ) {}

  async execute({ providerId, clientSecret }: SetOAuthClientSecretCommand): Promise<void> {
    if (!this.settings.current().oauthProviders.some((provider) => provider.id === providerId)) {
      throw new DomainError('identity.oauth_provider_unknown');
    }
    await this.secrets.set(providerId, clientSecret);
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { stepMeta } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { SiteSettingsCache } from '@forum/platform';
import { ensureMethodAllowed } from '../accounts/methods';
import { IssuedTokens, SessionIssuer } from '../sessions/session-issuer';
import { OAuthAccounts } from './oauth-accounts';
import { OAuthProviders } from './oauth-providers';
import { OAuthStates, pkceChallenge, randomToken } from './oauth-stores';

export type OAuthLoginResult = IssuedTokens & { jumpUrl: string | null };

/** Starts a third-party login: a server-side state with its PKCE verifier, and the provider's address. */
export class StartOAuthLoginCommand extends Command<string> {
  constructor(
    readonly providerId: string,
    readonly redirectUri: string,
    readonly jumpUrl: string | null,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** The return from the provider: `code` (or the provider's `error`) with the `state` it was given. */
export class FinishOAuthLoginCommand extends Command<OAuthLoginResult> {
  constructor(
    readonly state: string,
    readonly code: string | null,
    readonly providerError: string | null,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(StartOAuthLoginCommand)
export class StartOAuthLoginHandler implements ICommandHandler<StartOAuthLoginCommand> {
  constructor(
    private readonly providers: OAuthProviders,
    private readonly states: OAuthStates,
    private readonly settings: SiteSettingsCache,
  ) {}

  async execute({ providerId, redirectUri, jumpUrl, meta }: StartOAuthLoginCommand): Promise<string> {
    ensureMethodAllowed(this.settings.current(), 'login', 'oauth');
    const provider = this.providers.find(providerId);
    if (!provider) throw new DomainError('identity.oauth_provider_unknown');
    const codeVerifier = randomToken();
    const state = await this.states.create({ provider: provider.id, codeVerifier, redirectUri, jumpUrl }, meta.now);
    return provider.authorizeUrl({ state, codeChallenge: pkceChallenge(codeVerifier), redirectUri });
  }
}

/**
 * Consumes the state first (a replay fails even when the rest would not), trades the code for the provider's
 * user, finds or registers the member linked to that account, and signs it in.
 */
@CommandHandler(FinishOAuthLoginCommand)
export class FinishOAuthLoginHandler implements ICommandHandler<FinishOAuthLoginCommand> {
  constructor(
    private readonly providers: OAuthProviders,
    private readonly states: OAuthStates,
    private readonly accounts: OAuthAccounts,
    private readonly sessions: SessionIssuer,
    private readonly settings: SiteSettingsCache,
  ) {}

  async execute({ state, code, providerError, meta }: FinishOAuthLoginCommand): Promise<OAuthLoginResult> {
    ensureMethodAllowed(this.settings.current(), 'login', 'oauth');
    const pending = await this.states.consume(state, meta.now);
    if (!pending) throw new DomainError('identity.oauth_state_invalid');
    if (providerError || !code) throw new DomainError('identity.oauth_failed');
    const provider = this.providers.find(pending.provider);
    if (!provider) throw new DomainError('identity.oauth_provider_unknown');
    const user = await provider.userFor(code, pending.codeVerifier, pending.redirectUri);
    const member = await this.accounts.memberFor(provider.id, user, meta);
    if (member.state === 'cancelled') throw new DomainError('identity.login_failed');
    if (member.state !== 'enabled') throw new DomainError('identity.account_disabled');
    const tokens = await this.sessions.start(member, stepMeta(meta, 'session'));
    return { ...tokens, jumpUrl: pending.jumpUrl };
  }
}

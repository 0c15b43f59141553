import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { GenericOAuthProvider } from './generic-oauth.provider';
import type { OAuthProvider } from './oauth-provider';
import { OAuthClientSecrets } from './oauth-stores';
import { SandboxAuthority } from './sandbox/sandbox-authority';
import { SandboxOAuthProvider } from './sandbox/sandbox.provider';

/**
 * The providers on offer: those staff enabled in the settings; with none, outside production, the built-in
 * sandbox, so a fresh development or demo site can show the whole third-party login.
 */
@Injectable()
export class OAuthProviders {
  private readonly sandbox: SandboxOAuthProvider;

  constructor(
    private readonly settings: SiteSettingsCache,
    private readonly secrets: OAuthClientSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    authority: SandboxAuthority,
  ) {
    this.sandbox = new SandboxOAuthProvider(authority);
  }

  enabled(): OAuthProvider[] {
    const configured = this.settings
      .current()
      .oauthProviders.filter((provider) => provider.enabled)
      .map((provider) => new GenericOAuthProvider(provider, () => this.secrets.get(provider.id)));
    if (configured.length > 0) return configured;
    return this.config.NODE_ENV === 'production' ? [] : [this.sandbox];
  }

  find(id: string): OAuthProvider | undefined {
    return this.enabled().find((provider) => provider.id === id);
  }
}

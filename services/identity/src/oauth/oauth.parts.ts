import { FinishOAuthLoginHandler, StartOAuthLoginHandler } from './oauth-login';
import { OAuthAccounts } from './oauth-accounts';
import { OAuthController } from './oauth.controller';
import { OAuthProviders } from './oauth-providers';
import { SetOAuthClientSecretHandler } from './oauth-secret.commands';
import { OAuthClientSecrets, OAuthStates } from './oauth-stores';
import { SandboxAuthority } from './sandbox/sandbox-authority';
import { SandboxController } from './sandbox/sandbox.controller';

/** Third-party login (OAuth 2) and the built-in sandbox provider: what the identity module mounts for them. */
export const oauthParts = {
  controllers: [OAuthController, SandboxController],
  providers: [
    OAuthStates,
    OAuthClientSecrets,
    OAuthProviders,
    OAuthAccounts,
    SandboxAuthority,
    StartOAuthLoginHandler,
    FinishOAuthLoginHandler,
    SetOAuthClientSecretHandler,
  ],
};

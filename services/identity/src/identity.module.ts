import { Module } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { EventSourcingModule } from '@forum/platform';
import { AccountsController, RefreshTokenController } from './accounts/accounts.controller';
import { LogInHandler, LogOutHandler, RegisterMemberHandler, RenewTokenHandler } from './accounts/commands';
import { LoginAttempts } from './accounts/login-attempts';
import { CaptchaService } from './captcha/captcha.service';
import { CredentialStore } from './credentials/credential.store';
import { loginLogProjection } from './projections/login-log.projection';
import { memberDirectoryProjection } from './projections/member-directory.projection';
import { RevocationAnnouncer } from './sessions/revocation-announcer';
import { SessionIssuer } from './sessions/session-issuer';
import { rolesParts } from './roles/roles.parts';
import { staffParts } from './staff/staff.parts';
import { oauthParts } from './oauth/oauth.parts';
import { codesParts } from './codes/codes.parts';
import { profileParts } from './profile/profile.parts';

/** Every read model of the identity context (also listed for the rebuild command). */
export const IDENTITY_PROJECTIONS: ProjectionDefinition[] = [
  memberDirectoryProjection,
  loginLogProjection,
  ...rolesParts.projections,
  ...staffParts.projections,
  ...profileParts.projections,
];

/** The identity context: accounts, credentials, sessions and tokens, the login log. */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'identity', projections: IDENTITY_PROJECTIONS })],
  controllers: [
    AccountsController,
    RefreshTokenController,
    ...rolesParts.controllers,
    ...staffParts.controllers,
    ...oauthParts.controllers,
    ...codesParts.controllers,
    ...profileParts.controllers,
  ],
  providers: [
    CaptchaService,
    CredentialStore,
    LoginAttempts,
    SessionIssuer,
    RevocationAnnouncer,
    RegisterMemberHandler,
    LogInHandler,
    RenewTokenHandler,
    LogOutHandler,
    ...rolesParts.providers,
    ...staffParts.providers,
    ...oauthParts.providers,
    ...codesParts.providers,
    ...profileParts.providers,
  ],
})
export class IdentityModule {}

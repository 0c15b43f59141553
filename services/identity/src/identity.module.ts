import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@forum/platform';
import { AccountsController, RefreshTokenController } from './accounts/accounts.controller';
import { LogInHandler, LogOutHandler, RegisterMemberHandler, RenewTokenHandler } from './accounts/commands';
import { LoginAttempts } from './accounts/login-attempts';
import { CaptchaService } from './captcha/captcha.service';
import { CredentialStore } from './credentials/credential.store';
import { loginLogProjection } from './projections/login-log.projection';
import { memberDirectoryProjection } from './projections/member-directory.projection';
import { SessionIssuer } from './sessions/session-issuer';

/** The identity context: accounts, credentials, sessions and tokens, the login log. */
@Module({
  imports: [
    EventSourcingModule.forContext({
      context: 'identity',
      projections: [memberDirectoryProjection, loginLogProjection],
    }),
  ],
  controllers: [AccountsController, RefreshTokenController],
  providers: [
    CaptchaService,
    CredentialStore,
    LoginAttempts,
    SessionIssuer,
    RegisterMemberHandler,
    LogInHandler,
    RenewTokenHandler,
    LogOutHandler,
  ],
})
export class IdentityModule {}

import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { CaptchaService } from '../captcha/captcha.service';
import { CredentialStore } from '../credentials/credential.store';
import { memberDecider } from '../members/member.decider';
import {
  MEMBER_ACCOUNTS,
  MEMBERS,
  MemberDocument,
  memberDirectoryProjection,
} from '../projections/member-directory.projection';
import { NameKind, reservationDecider } from '../reservations/reservation.decider';
import { IssuedTokens, SessionIssuer } from '../sessions/session-issuer';
import type { LoginBody, RegisterBody } from './account.schemas';
import { LoginAttempts } from './login-attempts';

export class RegisterMemberCommand extends Command<IssuedTokens> {
  constructor(
    readonly body: Omit<RegisterBody, 'captcha' | 'captchaKey'> & { captcha?: string; captchaKey?: string },
    readonly meta: CommandMetadata,
    readonly kind: 'member' | 'staff' = 'member',
    /** Staff tools and the demo seed create accounts without the public form's captcha. */
    readonly trusted = false,
  ) {
    super();
  }
}

export class LogInCommand extends Command<IssuedTokens> {
  constructor(
    readonly body: LoginBody,
    readonly meta: CommandMetadata,
    readonly staffOnly = false,
  ) {
    super();
  }
}

export class RenewTokenCommand extends Command<IssuedTokens> {
  constructor(
    readonly refreshToken: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class LogOutCommand extends Command<void> {
  constructor(
    readonly refreshToken: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

function reservationStream(kind: NameKind, name: string): string {
  const key = kind === 'account' ? name.toLowerCase() : createHash('sha256').update(name.toLowerCase()).digest('hex');
  return streamId(kind === 'account' ? 'accountName' : 'nickname', key);
}

/**
 * Registration as a small saga: reserve the account name, then the nickname (each exactly-once by its own
 * stream), store the credential, record the member. A failure after a reservation releases it.
 */
@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly captchas: CaptchaService,
    private readonly credentials: CredentialStore,
    private readonly sessions: SessionIssuer,
    private readonly waiter: ProjectionWaiter,
    private readonly settings: SiteSettingsCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, meta, kind, trusted }: RegisterMemberCommand): Promise<IssuedTokens> {
    const { registration } = this.settings.current().switches;
    if (!trusted && !registration.enabled) {
      throw new DomainError('identity.registration_disabled', {}, undefined, registration.message);
    }
    if (!trusted && !(await this.captchas.check(body.captchaKey, body.captcha, meta.now))) {
      throw new DomainError('identity.captcha_invalid');
    }
    const memberId = newId(meta.now.getTime());
    const nickname = body.nickname ?? body.account;
    const reserved: { kind: NameKind; name: string }[] = [];
    try {
      for (const [nameKind, name] of [
        ['account', body.account],
        ['nickname', nickname],
      ] as const) {
        await this.store.handle(
          reservationDecider,
          reservationStream(nameKind, name),
          { type: 'Reserve', kind: nameKind, name, ownerId: memberId },
          stepMeta(meta, `reserve-${nameKind}`),
        );
        reserved.push({ kind: nameKind, name });
      }
      await this.credentials.save(
        memberId,
        body.password,
        body.hintQuestion && body.hintAnswer ? { question: body.hintQuestion, answer: body.hintAnswer } : undefined,
      );
      const result = await this.store.handle(
        memberDecider,
        streamId('member', memberId),
        {
          type: 'Register',
          memberId,
          account: body.account,
          nickname,
          kind,
          method: kind === 'staff' ? 'staff' : 'account',
          now: meta.now,
        },
        stepMeta(meta, 'register'),
      );
      await this.waiter.waitFor(
        memberDirectoryProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    } catch (error) {
      for (const { kind: nameKind, name } of reserved.reverse()) {
        await this.store.handle(
          reservationDecider,
          reservationStream(nameKind, name),
          { type: 'Release', kind: nameKind, name, ownerId: memberId },
          stepMeta(meta, `release-${nameKind}`),
        );
      }
      throw error;
    }
    const member: MemberDocument = {
      _id: memberId,
      account: body.account,
      nickname,
      kind,
      state: 'enabled',
      registeredAt: meta.now.toISOString(),
    };
    return this.sessions.start(member, stepMeta(meta, 'session'));
  }
}

/** Uniform failure whatever was wrong; a captcha after repeated failures per account or address. */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly captchas: CaptchaService,
    private readonly credentials: CredentialStore,
    private readonly attempts: LoginAttempts,
    private readonly sessions: SessionIssuer,
    private readonly settings: SiteSettingsCache,
  ) {}

  async execute({ body, meta, staffOnly }: LogInCommand): Promise<IssuedTokens> {
    const { login } = this.settings.current().switches;
    // Staff can always sign in to the console, to switch login back on.
    if (!staffOnly && !login.enabled) throw new DomainError('identity.login_disabled', {}, undefined, login.message);
    const ip = meta.actor.ip ?? '';
    if (await this.attempts.captchaRequired(body.account, ip, meta.now)) {
      if (!body.captcha || !body.captchaKey) throw new DomainError('identity.captcha_required');
      if (!(await this.captchas.check(body.captchaKey, body.captcha, meta.now)))
        throw new DomainError('identity.captcha_invalid');
    }
    const link = await this.db
      .collection<{ _id: string; memberId: string }>(MEMBER_ACCOUNTS)
      .findOne({ _id: body.account.toLowerCase() });
    const member = link ? await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: link.memberId }) : null;
    const passwordOk = await this.credentials.passwordMatches(member?._id ?? null, body.password);
    if (!member || !passwordOk || (staffOnly && member.kind !== 'staff')) {
      await this.attempts.failed(body.account, ip, meta.now);
      throw new DomainError('identity.login_failed');
    }
    if (member.state === 'cancelled') throw new DomainError('identity.account_cancelled');
    if (member.state !== 'enabled') throw new DomainError('identity.account_disabled');
    await this.attempts.succeeded(body.account);
    return this.sessions.start(member, meta);
  }
}

@CommandHandler(RenewTokenCommand)
export class RenewTokenHandler implements ICommandHandler<RenewTokenCommand> {
  constructor(private readonly sessions: SessionIssuer) {}

  execute({ refreshToken, meta }: RenewTokenCommand): Promise<IssuedTokens> {
    return this.sessions.renew(refreshToken, meta);
  }
}

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(private readonly sessions: SessionIssuer) {}

  execute({ refreshToken, meta }: LogOutCommand): Promise<void> {
    return this.sessions.end(refreshToken, meta);
  }
}

import { createHash, randomInt } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { CaptchaService } from '../captcha/captcha.service';
import { VerificationCodes } from '../codes/verification-codes';
import { CredentialStore } from '../credentials/credential.store';
import { memberDecider } from '../members/member.decider';
import { ContactKind, maskContact, normalizeContact } from '../phone/contact';
import { ContactReservations } from '../phone/contact-reservations';
import { ContactStore } from '../phone/contact.store';
import { memberContactDecider } from '../phone/member-contact.decider';
import { MemberDocument, memberDirectoryProjection } from '../projections/member-directory.projection';
import { reservationDecider } from '../reservations/reservation.decider';
import { IssuedTokens, SessionIssuer } from '../sessions/session-issuer';
import { RegisterMemberCommand } from './commands';
import type { RegisterAnyBody, RegisterByEmailBody, RegisterByPhoneBody } from './method.schemas';
import { ensureMethodAllowed } from './methods';

/** Tries at a generated account name before giving up (10^10 names: a collision is already rare). */
const ACCOUNT_NAME_TRIES = 5;

export class RegisterByMethodCommand extends Command<IssuedTokens> {
  constructor(
    readonly body: RegisterAnyBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A code's field in the form it came with, so the form can show the error next to it. */
export function codeInvalid(field: string): DomainError {
  return new DomainError('identity.code_invalid', {}, [{ field, code: 'validation.code_invalid', message: '' }]);
}

const generatedAccount = () => `u${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

/**
 * `POST /identity/register` for every method. The account form goes on to the account registration; a
 * phone or email registration proves the contact with its code, then runs the same saga as the account
 * one with one more reservation (the contact, exactly-once by its stream) and a generated login name.
 */
@CommandHandler(RegisterByMethodCommand)
export class RegisterByMethodHandler implements ICommandHandler<RegisterByMethodCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly captchas: CaptchaService,
    private readonly codes: VerificationCodes,
    private readonly credentials: CredentialStore,
    private readonly contacts: ContactStore,
    private readonly reservations: ContactReservations,
    private readonly sessions: SessionIssuer,
    private readonly waiter: ProjectionWaiter,
    private readonly settings: SiteSettingsCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, meta }: RegisterByMethodCommand): Promise<IssuedTokens> {
    const method = 'method' in body ? body.method : 'account';
    ensureMethodAllowed(this.settings.current(), 'registration', method);
    if (!('method' in body)) return this.commands.execute(new RegisterMemberCommand(body, meta));
    const captchaSent = body.captchaKey !== undefined || body.captcha !== undefined;
    if (captchaSent && !(await this.captchas.check(body.captchaKey, body.captcha, meta.now))) {
      throw new DomainError('identity.captcha_invalid');
    }
    const { kind, contact } =
      body.method === 'phone'
        ? { kind: 'phone' as const, contact: normalizeContact('phone', (body as RegisterByPhoneBody).phone) }
        : { kind: 'email' as const, contact: normalizeContact('email', (body as RegisterByEmailBody).email) };
    const code = body.method === 'phone' ? body.smsCode : (body as RegisterByEmailBody).emailCode;
    const channel = kind === 'phone' ? 'sms' : 'email';
    if (!(await this.codes.consume({ channel, purpose: 'register', subject: contact }, code, meta.now))) {
      throw codeInvalid(kind === 'phone' ? 'smsCode' : 'emailCode');
    }
    return this.register(kind, contact, body, meta);
  }

  private async register(
    kind: ContactKind,
    contact: string,
    body: RegisterByPhoneBody | RegisterByEmailBody,
    meta: CommandMetadata,
  ): Promise<IssuedTokens> {
    const memberId = newId(meta.now.getTime());
    const undo: (() => Promise<unknown>)[] = [];
    let account = '';
    let nickname = '';
    try {
      await this.reservations.reserve(kind, contact, memberId, meta);
      undo.push(() => this.reservations.release(kind, contact, memberId, meta));
      account = await this.reserveGeneratedAccount(memberId, meta);
      undo.push(() => this.releaseName('account', account, memberId, meta));
      nickname = body.nickname ?? account;
      await this.store.handle(
        reservationDecider,
        streamId('nickname', this.nicknameKey(nickname)),
        { type: 'Reserve', kind: 'nickname', name: nickname, ownerId: memberId },
        stepMeta(meta, 'reserve-nickname'),
      );
      undo.push(() => this.releaseName('nickname', nickname, memberId, meta));
      await this.credentials.save(memberId, body.password);
      await this.contacts.set(memberId, kind, contact);
      undo.push(() => this.contacts.forget(memberId, kind, contact));
      await this.store.handle(
        memberDecider,
        streamId('member', memberId),
        { type: 'Register', memberId, account, nickname, kind: 'member', method: kind, now: meta.now },
        stepMeta(meta, 'register'),
      );
      const masked = maskContact(kind, contact);
      const bound = await this.store.handle(
        memberContactDecider,
        streamId('member', memberId),
        kind === 'phone'
          ? { type: 'BindPhone', memberId, phoneMasked: masked, now: meta.now }
          : { type: 'BindEmail', memberId, emailMasked: masked, now: meta.now },
        stepMeta(meta, `bind-${kind}`),
      );
      await this.waiter.waitFor(
        memberDirectoryProjection.name,
        bound.streamId,
        bound.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    } catch (error) {
      for (const step of undo.reverse()) await step();
      throw error;
    }
    const member: MemberDocument = {
      _id: memberId,
      account,
      nickname,
      kind: 'member',
      state: 'enabled',
      registeredAt: meta.now.toISOString(),
    };
    return this.sessions.start(member, stepMeta(meta, 'session'));
  }

  private async reserveGeneratedAccount(memberId: string, meta: CommandMetadata): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const account = generatedAccount();
      try {
        await this.store.handle(
          reservationDecider,
          streamId('accountName', account),
          { type: 'Reserve', kind: 'account', name: account, ownerId: memberId },
          stepMeta(meta, `reserve-account-${attempt}`),
        );
        return account;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'identity.account_taken') || attempt >= ACCOUNT_NAME_TRIES)
          throw error;
      }
    }
  }

  private async releaseName(kind: 'account' | 'nickname', name: string, memberId: string, meta: CommandMetadata) {
    const stream =
      kind === 'account' ? streamId('accountName', name.toLowerCase()) : streamId('nickname', this.nicknameKey(name));
    await this.store.handle(
      reservationDecider,
      stream,
      { type: 'Release', kind, name, ownerId: memberId },
      stepMeta(meta, `release-${kind}`),
    );
  }

  /** The same key as the account registration's nickname reservations: one nickname, one stream, whoever asks. */
  private nicknameKey(nickname: string): string {
    return createHash('sha256').update(nickname.toLowerCase()).digest('hex');
  }
}

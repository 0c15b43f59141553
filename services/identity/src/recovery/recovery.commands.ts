import { createHash, randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { codeInvalid } from '../accounts/register-by-method';
import { CaptchaService } from '../captcha/captcha.service';
import { memberIdByAccount, memberSubject } from '../codes/request-code';
import { VerificationCodes } from '../codes/verification-codes';
import { maskEmail, maskPhone } from '../phone/contact';
import { ContactStore } from '../phone/contact.store';
import { memberContactDecider } from '../phone/member-contact.decider';
import { MemberSessions } from '../sessions/member-sessions';
import { RecoveryCredentials } from './recovery-credentials';

const RECOVERY_TOKEN_TTL_MS = 15 * 60_000;
const RECOVERY_TOKENS = 'recovery_tokens';

export interface RecoveryWays {
  hintQuestion: string | null;
  phone: string | null;
  email: string | null;
}

export class StartRecoveryCommand extends Command<RecoveryWays> {
  constructor(
    readonly account: string,
    readonly captchaKey: string,
    readonly captcha: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class VerifyRecoveryCommand extends Command<{ recoveryToken: string }> {
  constructor(
    readonly account: string,
    readonly way: 'hint' | 'phone' | 'email',
    readonly proof: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ResetPasswordCommand extends Command<void> {
  constructor(
    readonly recoveryToken: string,
    readonly password: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Step 1: which ways this account offers (the hint question, masked phone and address). */
@CommandHandler(StartRecoveryCommand)
export class StartRecoveryHandler implements ICommandHandler<StartRecoveryCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly captchas: CaptchaService,
    private readonly credentials: RecoveryCredentials,
    private readonly contacts: ContactStore,
  ) {}

  async execute({ account, captchaKey, captcha, meta }: StartRecoveryCommand): Promise<RecoveryWays> {
    if (!(await this.captchas.check(captchaKey, captcha, meta.now))) throw new DomainError('identity.captcha_invalid');
    const memberId = await memberIdByAccount(this.db, account);
    // Recovery must say it, as registration says "taken": the account name is not a secret, the contacts are.
    if (!memberId) throw new DomainError('identity.account_not_found');
    const { phone, email } = await this.contacts.contactsOf(memberId);
    return {
      hintQuestion: await this.credentials.hintQuestion(memberId),
      phone: phone ? maskPhone(phone) : null,
      email: email ? maskEmail(email) : null,
    };
  }
}

/** Step 1, proven: the hint answer or a code sent to the bound phone/address gives a 15-minute, single-use token. */
@CommandHandler(VerifyRecoveryCommand)
export class VerifyRecoveryHandler implements ICommandHandler<VerifyRecoveryCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly credentials: RecoveryCredentials,
    private readonly contacts: ContactStore,
    private readonly codes: VerificationCodes,
  ) {}

  async execute({ account, way, proof, meta }: VerifyRecoveryCommand): Promise<{ recoveryToken: string }> {
    const memberId = await memberIdByAccount(this.db, account);
    if (!memberId) throw new DomainError('identity.account_not_found');
    if (way === 'hint') {
      if (!(await this.credentials.hintQuestion(memberId))) throw new DomainError('identity.recovery_way_unavailable');
      if (!(await this.credentials.hintAnswerMatches(memberId, proof))) {
        throw new DomainError('identity.hint_answer_wrong', {}, [
          { field: 'hintAnswer', code: 'validation.invalid', message: '' },
        ]);
      }
    } else {
      if (!(await this.contacts.contactsOf(memberId))[way]) throw new DomainError('identity.recovery_way_unavailable');
      const channel = way === 'phone' ? 'sms' : 'email';
      const subject = { channel, purpose: 'recover', subject: memberSubject(memberId) } as const;
      if (!(await this.codes.consume(subject, proof, meta.now))) throw codeInvalid('code');
    }
    const recoveryToken = randomBytes(32).toString('base64url');
    await this.db.collection<{ _id: string; memberId: string; expiresAt: Date }>(RECOVERY_TOKENS).insertOne({
      _id: tokenHash(recoveryToken),
      memberId,
      expiresAt: new Date(meta.now.getTime() + RECOVERY_TOKEN_TTL_MS),
    });
    return { recoveryToken };
  }
}

/** Step 2: the new password; the token is spent, and every session of the member ends. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly store: EventStore,
    private readonly credentials: RecoveryCredentials,
    private readonly sessions: MemberSessions,
  ) {}

  async execute({ recoveryToken, password, meta }: ResetPasswordCommand): Promise<void> {
    const token = await this.db
      .collection<{ _id: string; memberId: string; expiresAt: Date }>(RECOVERY_TOKENS)
      .findOneAndDelete({ _id: tokenHash(recoveryToken) });
    if (!token || token.expiresAt <= meta.now) throw new DomainError('identity.recovery_token_invalid');
    await this.credentials.replacePassword(token.memberId, password);
    await this.store.handle(
      memberContactDecider,
      streamId('member', token.memberId),
      { type: 'RecordPasswordChange', memberId: token.memberId, reason: 'recovery', now: meta.now },
      stepMeta(meta, 'password-changed'),
    );
    await this.sessions.endAll(token.memberId, 'password_reset', stepMeta(meta, 'revoke'));
  }
}

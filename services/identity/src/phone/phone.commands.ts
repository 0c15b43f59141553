import { createHash, randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { codeInvalid } from '../accounts/register-by-method';
import { bindPhoneSubject, memberSubject } from '../codes/request-code';
import { VerificationCodes } from '../codes/verification-codes';
import { maskPhone, normalizePhone } from './contact';
import { ContactReservations } from './contact-reservations';
import { ContactStore } from './contact.store';
import { memberContactDecider } from './member-contact.decider';

const CHANGE_TOKEN_TTL_MS = 10 * 60_000;
const CHANGE_TOKENS = 'phone_change_tokens';

export interface BoundPhone {
  phone: string;
  realNameVerified: true;
}

export class BindPhoneCommand extends Command<BoundPhone> {
  constructor(
    readonly phone: string,
    readonly smsCode: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class VerifyOldPhoneCommand extends Command<{ changeToken: string }> {
  constructor(
    readonly smsCode: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangePhoneCommand extends Command<BoundPhone> {
  constructor(
    readonly changeToken: string,
    readonly phone: string,
    readonly smsCode: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Binding a phone is the real-name authentication: the code proves the number, the reservation stream makes
 * it this member's alone, the event (masked number) tells every context the member is verified.
 */
@CommandHandler(BindPhoneCommand)
export class BindPhoneHandler implements ICommandHandler<BindPhoneCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly codes: VerificationCodes,
    private readonly contacts: ContactStore,
    private readonly reservations: ContactReservations,
  ) {}

  async execute({ phone, smsCode, meta }: BindPhoneCommand): Promise<BoundPhone> {
    const memberId = meta.actor.id!;
    const number = normalizePhone(phone);
    if ((await this.contacts.contactsOf(memberId)).phone) throw new DomainError('identity.phone_already_bound');
    const subject = { channel: 'sms', purpose: 'bindPhone', subject: bindPhoneSubject(memberId, number) } as const;
    if (!(await this.codes.consume(subject, smsCode, meta.now))) throw codeInvalid('smsCode');
    await this.reservations.reserve('phone', number, memberId, meta);
    try {
      // The event first: the decider refuses a second binding that raced this one past the check above.
      await this.store.handle(
        memberContactDecider,
        streamId('member', memberId),
        { type: 'BindPhone', memberId, phoneMasked: maskPhone(number), now: meta.now },
        stepMeta(meta, 'bind-phone'),
      );
    } catch (error) {
      await this.reservations.release('phone', number, memberId, meta);
      throw error;
    }
    await this.contacts.set(memberId, 'phone', number);
    return { phone: maskPhone(number), realNameVerified: true };
  }
}

/** Step 1 of a phone change: the code sent to the bound number gives a 10-minute, single-use change token. */
@CommandHandler(VerifyOldPhoneCommand)
export class VerifyOldPhoneHandler implements ICommandHandler<VerifyOldPhoneCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly codes: VerificationCodes,
    private readonly contacts: ContactStore,
  ) {}

  async execute({ smsCode, meta }: VerifyOldPhoneCommand): Promise<{ changeToken: string }> {
    const memberId = meta.actor.id!;
    if (!(await this.contacts.contactsOf(memberId)).phone) throw new DomainError('identity.phone_not_bound');
    const subject = { channel: 'sms', purpose: 'verifyOldPhone', subject: memberSubject(memberId) } as const;
    if (!(await this.codes.consume(subject, smsCode, meta.now))) throw codeInvalid('smsCode');
    const changeToken = randomBytes(32).toString('base64url');
    await this.db.collection<{ _id: string; memberId: string; expiresAt: Date }>(CHANGE_TOKENS).insertOne({
      _id: tokenHash(changeToken),
      memberId,
      expiresAt: new Date(meta.now.getTime() + CHANGE_TOKEN_TTL_MS),
    });
    return { changeToken };
  }
}

/** Step 2: the new number's own code; the old number is released for anyone else to use. */
@CommandHandler(ChangePhoneCommand)
export class ChangePhoneHandler implements ICommandHandler<ChangePhoneCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly store: EventStore,
    private readonly codes: VerificationCodes,
    private readonly contacts: ContactStore,
    private readonly reservations: ContactReservations,
  ) {}

  async execute({ changeToken, phone, smsCode, meta }: ChangePhoneCommand): Promise<BoundPhone> {
    const memberId = meta.actor.id!;
    const tokens = this.db.collection<{ _id: string; memberId: string; expiresAt: Date }>(CHANGE_TOKENS);
    const token = await tokens.findOne({ _id: tokenHash(changeToken) });
    if (!token || token.memberId !== memberId || token.expiresAt <= meta.now) {
      throw new DomainError('identity.change_token_invalid');
    }
    const number = normalizePhone(phone);
    const old = (await this.contacts.contactsOf(memberId)).phone;
    if (!old) throw new DomainError('identity.phone_not_bound');
    if (old === number) throw new DomainError('identity.phone_already_bound');
    const subject = { channel: 'sms', purpose: 'bindPhone', subject: bindPhoneSubject(memberId, number) } as const;
    // A wrong code keeps the token: the member may ask for another code within the token's 10 minutes.
    if (!(await this.codes.consume(subject, smsCode, meta.now))) throw codeInvalid('smsCode');
    if ((await tokens.deleteOne({ _id: token._id })).deletedCount !== 1) {
      throw new DomainError('identity.change_token_invalid');
    }
    await this.reservations.reserve('phone', number, memberId, meta);
    try {
      await this.store.handle(
        memberContactDecider,
        streamId('member', memberId),
        { type: 'ChangePhone', memberId, phoneMasked: maskPhone(number), now: meta.now },
        stepMeta(meta, 'change-phone'),
      );
    } catch (error) {
      await this.reservations.release('phone', number, memberId, meta);
      throw error;
    }
    await this.contacts.set(memberId, 'phone', number);
    await this.reservations.release('phone', old, memberId, meta);
    return { phone: maskPhone(number), realNameVerified: true };
  }
}

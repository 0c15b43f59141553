import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, SiteSettingsCache } from '@forum/platform';
import { ensureMethodAllowed } from '../accounts/methods';
import { CaptchaService } from '../captcha/captcha.service';
import { normalizeContact } from '../phone/contact';
import { ContactStore } from '../phone/contact.store';
import { MEMBER_ACCOUNTS } from '../projections/member-directory.projection';
import type { RequestCodeBody } from './code.schemas';
import { codeMessage } from './code-messages';
import { EMAIL_SENDER, SMS_SENDER } from './delivery';
import type { CodeChannel, EmailSender, SmsSender } from './delivery';
import { CODE_VALID_SECONDS, CodeSubject, VerificationCodes } from './verification-codes';

export interface CodeSent {
  resendAfterSeconds: number;
  validSeconds: number;
}

export class RequestCodeCommand extends Command<CodeSent> {
  constructor(
    readonly body: RequestCodeBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** What a code proves, by purpose: the subject it is stored under and the address it goes to. */
interface Resolved {
  subject: CodeSubject;
  address: string;
  /** False when nothing must be delivered but the answer must look the same (no enumeration). */
  deliver: boolean;
}

/** Finds a member by login account name (recovery names the account, not the phone). */
export async function memberIdByAccount(db: Db, account: string): Promise<string | null> {
  const link = await db
    .collection<{ _id: string; memberId: string }>(MEMBER_ACCOUNTS)
    .findOne({ _id: account.trim().toLowerCase() });
  return link?.memberId ?? null;
}

/** The subject of codes that prove control of a member's contact (recovery, the old phone). */
export const memberSubject = (memberId: string) => `member:${memberId}`;
/** The subject of a phone-binding code: this member, this new number (a code for one number binds no other). */
export const bindPhoneSubject = (memberId: string, phone: string) =>
  `member:${memberId}:${normalizeContact('phone', phone)}`;

@CommandHandler(RequestCodeCommand)
export class RequestCodeHandler implements ICommandHandler<RequestCodeCommand> {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly captchas: CaptchaService,
    private readonly codes: VerificationCodes,
    private readonly contacts: ContactStore,
    private readonly settings: SiteSettingsCache,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
  ) {}

  async execute({ body, meta }: RequestCodeCommand): Promise<CodeSent> {
    const settings = this.settings.current();
    const method = body.channel === 'sms' ? 'phone' : 'email';
    if (body.purpose === 'register') ensureMethodAllowed(settings, 'registration', method);
    if (body.purpose === 'login') ensureMethodAllowed(settings, 'login', method);
    if ((body.purpose === 'bindPhone' || body.purpose === 'verifyOldPhone') && !meta.actor.id) {
      throw new DomainError('auth.unauthorized');
    }
    if (!(await this.captchas.check(body.captchaKey, body.captcha, meta.now))) {
      throw new DomainError('identity.captcha_invalid');
    }
    const resolved = await this.resolve(body, meta);
    if (!resolved.deliver) return this.codes.pretend(body.channel, resolved.address, meta.now);
    const { code, ...sent } = await this.codes.issue(resolved.subject, resolved.address, meta.now);
    await this.deliver(body.channel, resolved.address, resolved.subject, code);
    return sent;
  }

  private async resolve(body: RequestCodeBody, meta: CommandMetadata): Promise<Resolved> {
    const { channel, purpose } = body;
    const kind = channel === 'sms' ? 'phone' : 'email';
    switch (purpose) {
      case 'register': {
        // Sent even when the number is registered already: the registration itself says "taken".
        const address = normalizeContact(kind, body.target);
        return { subject: { channel, purpose, subject: address }, address, deliver: true };
      }
      case 'login': {
        const address = normalizeContact(kind, body.target);
        const owner = await this.contacts.ownerOf(kind, address);
        return { subject: { channel, purpose, subject: address }, address, deliver: owner !== null };
      }
      case 'recover': {
        const memberId = await memberIdByAccount(this.db, body.target);
        if (!memberId) throw new DomainError('identity.account_not_found');
        const address = (await this.contacts.contactsOf(memberId))[kind];
        if (!address) throw new DomainError('identity.recovery_way_unavailable');
        return { subject: { channel, purpose, subject: memberSubject(memberId) }, address, deliver: true };
      }
      case 'bindPhone': {
        const address = normalizeContact('phone', body.target);
        return {
          subject: { channel, purpose, subject: bindPhoneSubject(meta.actor.id!, address) },
          address,
          deliver: true,
        };
      }
      case 'verifyOldPhone': {
        const address = (await this.contacts.contactsOf(meta.actor.id!)).phone;
        if (!address) throw new DomainError('identity.phone_not_bound');
        return { subject: { channel, purpose, subject: memberSubject(meta.actor.id!) }, address, deliver: true };
      }
      default: {
        const unknown: never = purpose;
        throw new Error(`unknown purpose ${String(unknown)}`);
      }
    }
  }

  private async deliver(channel: CodeChannel, address: string, { purpose }: CodeSubject, code: string): Promise<void> {
    const { title, defaultLanguage } = this.settings.current();
    const message = codeMessage(defaultLanguage, title, purpose, code, CODE_VALID_SECONDS / 60);
    try {
      if (channel === 'sms') await this.sms.send({ phone: address, text: message.text, code, purpose });
      else await this.email.send({ to: address, subject: message.subject, text: message.text, purpose });
    } catch {
      // The provider's reason is logged by the adapter; the member can try again after the countdown.
      throw new DomainError('common.unavailable');
    }
  }
}

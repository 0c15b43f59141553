import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, SiteSettingsCache } from '@forum/platform';
import { VerificationCodes } from '../codes/verification-codes';
import { normalizeContact } from '../phone/contact';
import { ContactStore } from '../phone/contact.store';
import { projectedMember } from '../projections/member-directory.projection';
import { IssuedTokens, SessionIssuer } from '../sessions/session-issuer';
import { LogInCommand } from './commands';
import type { LoginAnyBody, LoginByEmailBody, LoginByPhoneBody } from './method.schemas';
import { ensureMethodAllowed } from './methods';

export class LogInByMethodCommand extends Command<IssuedTokens> {
  constructor(
    readonly body: LoginAnyBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/**
 * `POST /identity/login` for every method. A phone or email login is the code sent to it: a wrong code, an
 * unknown number and a code never sent (nobody has that number) all answer `identity.login_failed`.
 */
@CommandHandler(LogInByMethodCommand)
export class LogInByMethodHandler implements ICommandHandler<LogInByMethodCommand> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly codes: VerificationCodes,
    private readonly contacts: ContactStore,
    private readonly sessions: SessionIssuer,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ body, meta }: LogInByMethodCommand): Promise<IssuedTokens> {
    const method = 'method' in body ? body.method : 'account';
    ensureMethodAllowed(this.settings.current(), 'login', method);
    if (!('method' in body)) return this.commands.execute(new LogInCommand(body, meta));
    const kind = body.method;
    const contact = normalizeContact(
      kind,
      kind === 'phone' ? (body as LoginByPhoneBody).phone : (body as LoginByEmailBody).email,
    );
    const code = kind === 'phone' ? (body as LoginByPhoneBody).smsCode : (body as LoginByEmailBody).emailCode;
    const channel = kind === 'phone' ? 'sms' : 'email';
    if (!(await this.codes.consume({ channel, purpose: 'login', subject: contact }, code, meta.now))) {
      throw new DomainError('identity.login_failed');
    }
    const memberId = await this.contacts.ownerOf(kind, contact);
    const member = memberId ? await projectedMember(this.db, this.waiter, memberId) : null;
    if (!member) throw new DomainError('identity.login_failed');
    if (member.state === 'cancelled') throw new DomainError('identity.account_cancelled');
    if (member.state !== 'enabled') throw new DomainError('identity.account_disabled');
    return this.sessions.start(member, meta);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { emailMemberCommand } from '@forum/contracts';
import type { PeerCommandAnswer, PeerCommandParsedInput } from '@forum/contracts';
import { CONTEXT_DB, PeerCommands } from '@forum/platform';
import { ContactStore } from '../phone/contact.store';
import { MEMBERS } from '../projections/member-directory.projection';
import type { MemberDocument } from '../projections/member-directory.projection';
import { EMAIL_SENDER } from './delivery';
import type { EmailSender } from './delivery';

export type EmailMemberInput = PeerCommandParsedInput<typeof emailMemberCommand>;
/** `no_address`: the member has no verified email (or is cancelled); nothing was sent and nothing ever will be. */
export type EmailMemberResult = PeerCommandAnswer<typeof emailMemberCommand>;

/**
 * `identity.emailMember`: another context (messaging's notifications) emails a member without ever holding the
 * address — addresses stay in identity's private contact store, events carry them masked. Sent through the same
 * port as verification codes; a failure of the port throws, and the caller retries.
 */
@Injectable()
export class MemberEmailPeer {
  constructor(
    peers: PeerCommands,
    private readonly contacts: ContactStore,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {
    // The input is validated against `emailMemberCommand` before this runs (ADR 0040).
    peers.register(emailMemberCommand, (input) => this.send(input));
  }

  private async send({ memberId, subject, text, headers }: EmailMemberInput): Promise<EmailMemberResult> {
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    const { email } = await this.contacts.contactsOf(memberId);
    if (!email || !member || member.state === 'cancelled') return { sent: false, reason: 'no_address' };
    await this.email.send({ to: email, subject, text, purpose: 'notification', headers });
    return { sent: true };
  }
}

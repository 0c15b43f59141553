import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { emailMemberCommand } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PeerCommands } from '@forum/platform';
import { ContactStore } from '../phone/contact.store';
import { MEMBERS } from '../projections/member-directory.projection';
import type { MemberDocument } from '../projections/member-directory.projection';
import { EMAIL_SENDER } from './delivery';
import type { EmailSender } from './delivery';

const emailMemberInput = z.strictObject({
  memberId: z.string().min(1).max(64),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(200_000),
  headers: z.record(z.string().regex(/^[A-Za-z-]{1,60}$/), z.string().max(2000)).optional(),
});

export type EmailMemberInput = z.infer<typeof emailMemberInput>;
/** `no_address`: the member has no verified email (or is cancelled); nothing was sent and nothing ever will be. */
export type EmailMemberResult = { sent: true } | { sent: false; reason: 'no_address' };

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
    peers.register(emailMemberCommand, async (input) => {
      const parsed = emailMemberInput.safeParse(input);
      if (!parsed.success) throw new DomainError('common.validation_failed');
      return this.send(parsed.data);
    });
  }

  private async send({ memberId, subject, text, headers }: EmailMemberInput): Promise<EmailMemberResult> {
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    const { email } = await this.contacts.contactsOf(memberId);
    if (!email || !member || member.state === 'cancelled') return { sent: false, reason: 'no_address' };
    await this.email.send({ to: email, subject, text, purpose: 'notification', headers });
    return { sent: true };
  }
}

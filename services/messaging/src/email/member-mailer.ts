import { Injectable } from '@nestjs/common';
import { emailMemberCommand, newId } from '@forum/contracts';
import { PeerCommands } from '@forum/platform';

export interface MemberEmail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** `no_address`: identity holds no verified address for the member (or the account is gone): never to be sent. */
export type MemberMailResult = { sent: true } | { sent: false; reason: 'no_address' };

/**
 * Emails a member through identity (`identity.emailMember`): the address never leaves identity's private contact
 * store, and the mail goes through the same port as verification codes (SMTP, or the development outbox). A
 * failing SMTP server throws here, and the send queue retries.
 */
@Injectable()
export class MemberMailer {
  constructor(private readonly peers: PeerCommands) {}

  send(memberId: string, email: MemberEmail): Promise<MemberMailResult> {
    return this.peers.execute(
      emailMemberCommand,
      { memberId, ...email },
      { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
    );
  }
}

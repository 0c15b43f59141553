import type { INestApplicationContext } from '@nestjs/common';
import { newId, streamId } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { contextDb } from '@forum/platform';
import { ContactStore } from './contact.store';
import { maskContact, normalizeContact } from './contact';
import { memberContactDecider } from './member-contact.decider';

/**
 * For the demo seed and tests only: gives an existing account a verified address the way registration by email
 * does (identity's private contact store, then `EmailBound` on the member stream, published by identity's outbox
 * relay). The product has no "add an email later" flow; members get a verified address by registering with one.
 */
export async function bindVerifiedEmail(app: INestApplicationContext, memberId: string, email: string): Promise<void> {
  const db = contextDb(app, 'identity');
  const address = normalizeContact('email', email);
  await new ContactStore(db).set(memberId, 'email', address);
  const now = new Date();
  await new EventStore('identity', db).handle(
    memberContactDecider,
    streamId('member', memberId),
    { type: 'BindEmail', memberId, emailMasked: maskContact('email', address), now },
    { actor: { kind: 'system', id: null }, now, correlationId: newId(), idempotencyKey: `bind-email:${memberId}` },
  );
}

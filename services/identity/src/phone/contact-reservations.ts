import { Injectable } from '@nestjs/common';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { reservationDecider } from '../reservations/reservation.decider';
import { ContactKind, contactHash } from './contact';

const CATEGORY: Record<ContactKind, string> = { phone: 'phoneNumber', email: 'emailAddress' };

/**
 * A phone number or address belongs to one member at most, exactly-once under any concurrency: one
 * reservation stream per (hashed) value, whoever appends first owns it (`identity.phone_taken` / `email_taken`).
 */
@Injectable()
export class ContactReservations {
  constructor(private readonly store: EventStore) {}

  async reserve(kind: ContactKind, value: string, ownerId: string, meta: CommandMetadata): Promise<void> {
    const name = contactHash(kind, value);
    await this.store.handle(
      reservationDecider,
      streamId(CATEGORY[kind], name),
      { type: 'Reserve', kind, name, ownerId },
      stepMeta(meta, `reserve-${kind}-${name.slice(0, 12)}`),
    );
  }

  async release(kind: ContactKind, value: string, ownerId: string, meta: CommandMetadata): Promise<void> {
    const name = contactHash(kind, value);
    await this.store.handle(
      reservationDecider,
      streamId(CATEGORY[kind], name),
      { type: 'Release', kind, name, ownerId },
      stepMeta(meta, `release-${kind}-${name.slice(0, 12)}`),
    );
  }
}

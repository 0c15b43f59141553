import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import { ContactKind, contactHash, normalizeContact } from './contact';

export const MEMBER_CONTACTS = 'member_contacts';
/** `<kind>:<hash>` → member id: login by phone or email finds the member by `_id`. */
export const CONTACT_OWNERS = 'contact_owners';

interface MemberContactsDocument {
  _id: string;
  phone?: string;
  email?: string;
}

/**
 * Identity's private store of members' phone numbers and email addresses, outside the event log like the
 * credentials: events go to every context, personal data must not. Uniqueness is decided by the reservation
 * streams before anything is written here; this store only remembers the outcome for lookups and delivery.
 */
@Injectable()
export class ContactStore {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get contacts() {
    return this.db.collection<MemberContactsDocument>(MEMBER_CONTACTS);
  }

  private get owners() {
    return this.db.collection<{ _id: string; memberId: string }>(CONTACT_OWNERS);
  }

  async ownerOf(kind: ContactKind, value: string): Promise<string | null> {
    const owner = await this.owners.findOne({ _id: `${kind}:${contactHash(kind, value)}` });
    return owner?.memberId ?? null;
  }

  async contactsOf(memberId: string): Promise<{ phone: string | null; email: string | null }> {
    const document = await this.contacts.findOne({ _id: memberId });
    return { phone: document?.phone ?? null, email: document?.email ?? null };
  }

  /** Records the member's (new) phone or address; the previous one stops finding the member. */
  async set(memberId: string, kind: ContactKind, value: string): Promise<void> {
    const normalized = normalizeContact(kind, value);
    const previous = (await this.contactsOf(memberId))[kind];
    await this.owners.replaceOne({ _id: `${kind}:${contactHash(kind, normalized)}` }, { memberId }, { upsert: true });
    await this.contacts.updateOne({ _id: memberId }, { $set: { [kind]: normalized } }, { upsert: true });
    if (previous && previous !== normalized) {
      await this.owners.deleteOne({ _id: `${kind}:${contactHash(kind, previous)}`, memberId });
    }
  }

  /** Compensation of a registration that could not finish after its contact was recorded. */
  async forget(memberId: string, kind: ContactKind, value: string): Promise<void> {
    await this.owners.deleteOne({ _id: `${kind}:${contactHash(kind, value)}`, memberId });
    await this.contacts.updateOne({ _id: memberId }, { $unset: { [kind]: '' } });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type {
  EnvelopeClaimView,
  EnvelopeMember,
  EnvelopeStatus,
  EnvelopeView,
  Page,
  ReceivedEnvelopeView,
  SentEnvelopeView,
} from '@forum/contracts';
import { authorViewOf, CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import {
  ENVELOPE_CLAIMS,
  ENVELOPE_COUNTS,
  EnvelopeClaimDocument,
  EnvelopeCountsDocument,
  EnvelopeDocument,
  ENVELOPES,
  ENVELOPES_RECEIVED,
  ENVELOPES_SENT,
  memberRowId,
  ReceivedEnvelopeDocument,
} from './envelopes.projection';

/** All taken → snatched; refunded, or past its deadline with shares left (claims are refused) → refunded. */
function statusOf(doc: EnvelopeDocument, now: Date): EnvelopeStatus {
  const received = doc.receivedQuantity ?? 0;
  if (received >= doc.giveQuantity) return 'snatched';
  if ((doc.refundAmount ?? 0) > 0 || now.toISOString() >= doc.expiresAt) return 'refunded';
  return 'open';
}

/**
 * Reads of the envelope read models, by `_id` or one `_id` range each: the card (never the unclaimed shares'
 * amounts), an envelope's distribution, and a member's sent and received lists, newest first.
 */
@Injectable()
export class EnvelopesReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async envelope(envelopeId: string, readerId: string | null): Promise<EnvelopeView | null> {
    const [doc, mine] = await Promise.all([
      this.db.collection<EnvelopeDocument>(ENVELOPES).findOne({ _id: envelopeId }),
      readerId
        ? this.db
            .collection<ReceivedEnvelopeDocument>(ENVELOPES_RECEIVED)
            .findOne({ _id: memberRowId(readerId, envelopeId) })
        : null,
    ]);
    if (!doc?.createdAt) return null;
    const profiles = await this.members([doc.senderId]);
    return {
      ...this.sent(doc),
      sender: profiles.get(doc.senderId)!,
      status: statusOf(doc, new Date()),
      recipientId: doc.recipientId,
      claimedByMe: mine ? { amount: mine.amount, claimedAt: mine.claimedAt } : null,
    };
  }

  async claims(envelopeId: string, page: number, pageSize: number): Promise<Page<EnvelopeClaimView>> {
    const [rows, doc] = await Promise.all([
      this.range<EnvelopeClaimDocument>(ENVELOPE_CLAIMS, envelopeId, page, pageSize),
      this.db.collection<EnvelopeDocument>(ENVELOPES).findOne({ _id: envelopeId }),
    ]);
    const profiles = await this.members(rows.map((row) => row.memberId));
    const items = rows.map((row) => ({
      member: profiles.get(row.memberId)!,
      amount: row.amount,
      claimedAt: row.claimedAt,
    }));
    return pageOf(items, page, pageSize, doc?.receivedQuantity ?? 0);
  }

  async sentBy(memberId: string, page: number, pageSize: number): Promise<Page<SentEnvelopeView>> {
    const [rows, counts] = await Promise.all([
      this.range<{ _id: string; envelopeId: string }>(ENVELOPES_SENT, memberId, page, pageSize),
      this.counts(memberId),
    ]);
    const docs = await this.envelopes(rows.map((row) => row.envelopeId));
    const items = rows.flatMap((row) => {
      const doc = docs.get(row.envelopeId);
      return doc ? [this.sent(doc)] : [];
    });
    return pageOf(items, page, pageSize, counts?.sent ?? 0);
  }

  async receivedBy(memberId: string, page: number, pageSize: number): Promise<Page<ReceivedEnvelopeView>> {
    const [rows, counts] = await Promise.all([
      this.range<ReceivedEnvelopeDocument>(ENVELOPES_RECEIVED, memberId, page, pageSize),
      this.counts(memberId),
    ]);
    const [docs, profiles] = await Promise.all([
      this.envelopes(rows.map((row) => row.envelopeId)),
      this.members(rows.map((row) => row.senderId)),
    ]);
    const items = rows.map((row) => ({
      envelopeId: row.envelopeId,
      topicId: docs.get(row.envelopeId)?.topicId ?? null,
      sender: profiles.get(row.senderId)!,
      amount: row.amount,
      claimedAt: row.claimedAt,
    }));
    return pageOf(items, page, pageSize, counts?.received ?? 0);
  }

  private sent(doc: EnvelopeDocument): SentEnvelopeView {
    return {
      id: doc._id,
      type: doc.type,
      topicId: doc.topicId,
      totalAmount: doc.totalAmount,
      giveQuantity: doc.giveQuantity,
      receivedQuantity: doc.receivedQuantity ?? 0,
      refundAmount: doc.refundAmount ?? 0,
      createdAt: doc.createdAt,
    };
  }

  /** One `_id` range (`<prefix>|…`), newest first. */
  private range<T extends { _id: string }>(collection: string, prefix: string, page: number, pageSize: number) {
    return this.db
      .collection<T>(collection)
      .find({ _id: { $gt: `${prefix}|`, $lt: `${prefix}|\uffff` } } as never, { projection: { _version: 0 } })
      .sort({ _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .toArray() as Promise<T[]>;
  }

  private counts(memberId: string) {
    return this.db.collection<EnvelopeCountsDocument>(ENVELOPE_COUNTS).findOne({ _id: memberId });
  }

  private async envelopes(ids: string[]): Promise<Map<string, EnvelopeDocument>> {
    if (ids.length === 0) return new Map();
    const docs = await this.db
      .collection<EnvelopeDocument>(ENVELOPES)
      .find({ _id: { $in: ids } })
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  private async members(ids: string[]): Promise<Map<string, EnvelopeMember>> {
    const unique = [...new Set(ids)];
    const profiles = unique.length
      ? await this.db
          .collection<MemberProfileDocument>(MEMBER_PROFILES)
          .find({ _id: { $in: unique } })
          .toArray()
      : [];
    const byId = new Map(profiles.map((profile) => [profile._id, profile]));
    return new Map(
      unique.map((id) => {
        const view = authorViewOf(id, byId.get(id));
        return [id, { id, nickname: view.nickname, avatar: view.avatarUrl, cancelled: view.cancelled }];
      }),
    );
  }
}

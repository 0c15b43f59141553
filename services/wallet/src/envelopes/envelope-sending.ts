import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import {
  BALANCE_MODULES,
  cancelEnvelopeCommand,
  ENVELOPE_TYPES,
  sendEnvelopeCommand,
  yuanToFen,
} from '@forum/contracts';
import type { CommandMetadata, EnvelopeType, FieldError } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';
import { CONTEXT_DB, MEMBER_PROFILES, PeerCommands, SiteSettingsCache } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { Ledger } from '../ledger/ledger';
import { EnvelopeClaims, envelopeReference } from './envelope-claims';
import { ENVELOPE_SENDS, EnvelopeSendDocument } from './envelope-refunds';
import { EnvelopeRefunds, freezeOperation } from './envelope-refunds';
import { envelopeDecider, envelopeStream } from './envelope.decider';
import { fixedSplit, randomSplit } from './envelope-split';

export const MAX_ENVELOPE_QUANTITY = 999;

/** `wallet.sendEnvelope`'s input: the topic form's `redEnvelope` plus the ids the forum chose. */
export interface SendEnvelopeInput {
  envelopeId: string;
  topicId: string;
  senderId: string;
  type: unknown;
  totalAmount?: unknown;
  singleAmount?: unknown;
  giveQuantity: unknown;
  recipientId?: unknown;
}

export interface SentEnvelope {
  envelopeId: string;
  totalAmount: number;
  giveQuantity: number;
}

export interface CancelEnvelopeInput {
  envelopeId: string;
  senderId: string;
}

function refusal(code: DomainError['code'], field: string, params: Record<string, number> = {}): DomainError {
  const fieldErrors: FieldError[] = [{ field: `redEnvelope.${field}`, code: 'validation.invalid_value', message: '' }];
  return new DomainError(code, params, fieldErrors);
}

/** Yuan text ("12.34") or a JSON number to fen, or a refusal on that field. */
function fen(value: unknown, field: string): number {
  const amount = typeof value === 'string' || typeof value === 'number' ? yuanToFen(String(value)) : null;
  if (amount === null) throw refusal('wallet.envelope_amount_invalid', field);
  return amount;
}

/**
 * Sending a red envelope with a topic (docs/rules/wallet.md, red envelopes), as the peer command `wallet.sendEnvelope` the forum calls
 * before it posts the topic: checks everything first (type, count 1–999, amounts, the site's bounds, the
 * recipient), then freezes the total on the sender's wallet (`envelope:<id>:freeze`, module 120 — refused
 * when the available balance is short, and then nothing is written), then records `EnvelopeSent` with the whole
 * split. `wallet.cancelEnvelope` undoes a send whose topic could not be posted (refund `postFailed`).
 */
@Injectable()
export class EnvelopeSending {
  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly claims: EnvelopeClaims,
    private readonly refunds: EnvelopeRefunds,
    private readonly settings: SiteSettingsCache,
    @Inject(CONTEXT_DB) private readonly db: Db,
    peers: PeerCommands,
  ) {
    peers.register(sendEnvelopeCommand, (input, meta) => this.send(input, meta));
    peers.register(cancelEnvelopeCommand, (input, meta) => this.cancel(input, meta));
  }

  async send(input: SendEnvelopeInput, meta: CommandMetadata): Promise<SentEnvelope> {
    const { minAmount, maxAmount, refundAfterHours } = this.settings.current().redEnvelope;
    if (maxAmount === 0) throw new DomainError('wallet.envelope_disabled');
    const type = Number(input.type) as EnvelopeType;
    if (!ENVELOPE_TYPES.includes(type)) throw refusal('wallet.envelope_type_invalid', 'type');
    const quantity = Number(input.giveQuantity);
    if (
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_ENVELOPE_QUANTITY ||
      (type === 10 && quantity !== 1)
    )
      throw refusal('wallet.envelope_quantity_invalid', 'giveQuantity', { max: MAX_ENVELOPE_QUANTITY });
    const total =
      type === 30 ? fen(input.singleAmount, 'singleAmount') * quantity : fen(input.totalAmount, 'totalAmount');
    const amountField = type === 30 ? 'singleAmount' : 'totalAmount';
    if (total < minAmount || total > maxAmount)
      throw refusal('wallet.envelope_amount_out_of_range', amountField, { min: minAmount, max: maxAmount });
    if (total < quantity) throw refusal('wallet.envelope_share_too_small', amountField);
    const recipientId = type === 10 ? await this.recipient(input.recipientId, input.senderId) : null;

    // Noted before the money moves, dropped once the envelope is recorded: a send that dies in between leaves
    // this row, and the refunds job closes the envelope and gives the freeze back (EnvelopeRefunds.abandonStale).
    await this.db
      .collection<EnvelopeSendDocument>(ENVELOPE_SENDS)
      .updateOne(
        { _id: input.envelopeId },
        { $setOnInsert: { senderId: input.senderId, startedAt: meta.now.toISOString() } },
        { upsert: true },
      );
    await this.freeze(input, total, meta);
    const shares = type === 30 ? fixedSplit(total / quantity, quantity) : randomSplit(total, quantity);
    await this.store.handle(
      envelopeDecider,
      envelopeStream(input.envelopeId),
      {
        type: 'SendEnvelope',
        envelopeId: input.envelopeId,
        envelopeType: type,
        senderId: input.senderId,
        topicId: input.topicId,
        recipientId,
        shares,
        expiresAt: new Date(meta.now.getTime() + refundAfterHours * 3_600_000),
        now: meta.now,
      },
      { ...meta, idempotencyKey: undefined },
    );
    await this.db.collection<EnvelopeSendDocument>(ENVELOPE_SENDS).deleteOne({ _id: input.envelopeId });
    return { envelopeId: input.envelopeId, totalAmount: total, giveQuantity: quantity };
  }

  /** Refunds a sent envelope whose topic was not posted, or gives back the freeze of one never recorded. */
  async cancel(input: CancelEnvelopeInput, meta: CommandMetadata): Promise<{ refunded: number }> {
    const { state } = await this.claims.state(input.envelopeId);
    if (state.sent && state.senderId !== input.senderId) throw new DomainError('auth.forbidden');
    const refunded = state.sent
      ? await this.refunds.refund(input.envelopeId, 'postFailed', meta)
      : await this.refunds.releaseUnsent(input.envelopeId, input.senderId, meta);
    return { refunded };
  }

  /** A directed envelope goes to another existing member who has not cancelled their account. */
  private async recipient(recipientId: unknown, senderId: string): Promise<string> {
    if (typeof recipientId !== 'string' || recipientId === '' || recipientId === senderId)
      throw refusal('wallet.envelope_recipient_invalid', 'recipientId');
    const profile = await this.db.collection<MemberProfileDocument>(MEMBER_PROFILES).findOne({ _id: recipientId });
    if (!profile || profile.cancelled) throw refusal('wallet.envelope_recipient_invalid', 'recipientId');
    return recipientId;
  }

  private async freeze(input: SendEnvelopeInput, total: number, meta: CommandMetadata): Promise<void> {
    try {
      await this.ledger.record(
        {
          type: 'Freeze',
          walletId: input.senderId,
          operationId: freezeOperation(input.envelopeId),
          module: BALANCE_MODULES.envelopeSent,
          amount: total,
          remark: 'Red envelope sent',
          reference: envelopeReference(input.envelopeId),
          now: meta.now,
        },
        meta,
        { waitForReadModel: true },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'wallet.insufficient_balance')
        throw refusal('wallet.envelope_insufficient_balance', input.type === 30 ? 'singleAmount' : 'totalAmount');
      throw error;
    }
  }
}

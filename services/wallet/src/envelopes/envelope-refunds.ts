import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type { CommandMetadata, EnvelopeEvent, EventEnvelope, TopicEvent } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PeriodicJob } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { Ledger, operationKey } from '../ledger/ledger';
import { envelopeReference } from './envelope-claims';
import { envelopeDecider, envelopeStream } from './envelope.decider';
import type { RefundReason } from './envelope.decider';
import { ENVELOPE_DUE, EnvelopeDueDocument } from './envelopes.projection';

export const ENVELOPE_REFUNDS_REACTOR = 'wallet-envelope-refunds';
export const ENVELOPE_TOPIC_DELETED_REACTOR = 'wallet-envelope-topic-deleted';

/** How often the expiry job looks for envelopes past their deadline. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 200;
/** A send still unrecorded this long after it froze the money died on the way (a send takes milliseconds). */
export const ABANDON_AFTER_MS = 10 * 60_000;

/**
 * Sends in flight, `_id` = envelope id: written before the freeze, deleted once `EnvelopeSent` is stored. Not a
 * read model (no projection writes it): the send's own to-do note, which the refunds job reads.
 */
export const ENVELOPE_SENDS = 'wallet_envelope_sends';

export interface EnvelopeSendDocument {
  _id: string;
  senderId: string;
  startedAt: string;
}

type Refunded = Extract<EnvelopeEvent, { type: 'EnvelopeRefunded' }>['data'];

export function freezeOperation(envelopeId: string): string {
  return `envelope:${envelopeId}:freeze`;
}

function refundOperation(envelopeId: string): string {
  return `envelope:${envelopeId}:refund`;
}

const systemMeta = (now: Date): CommandMetadata => ({
  actor: { kind: 'system', id: null },
  now,
  correlationId: newId(),
});

/**
 * Unclaimed shares go back to the sender (docs/rules/wallet.md, red envelopes, module 140) exactly once: when the envelope expires (a job
 * every minute, over a due list ordered by deadline), when its topic is deleted (a reactor on `forum.topic`), or
 * when the topic could not be posted (`wallet.cancelEnvelope`). The envelope's decider refunds at most once;
 * the release on the wallet is keyed `envelope:<id>:refund`, and a reactor repeats it from `EnvelopeRefunded`
 * in case a crash came between the two.
 */
@Injectable()
export class EnvelopeRefunds implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('wallet-envelope-refunds');
  private readonly job = new PeriodicJob({
    name: 'wallet-envelope-refunds',
    what: 'envelope sweep',
    everyMs: SWEEP_INTERVAL_MS,
    round: () => this.round(new Date()),
  });

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_WORKERS) this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Refunds what is unclaimed (nothing when all was taken or it was refunded already); answers the amount. */
  async refund(envelopeId: string, reason: RefundReason, meta: CommandMetadata): Promise<number> {
    const result = await this.store.handle(
      envelopeDecider,
      envelopeStream(envelopeId),
      { type: 'RefundEnvelope', reason, now: meta.now },
      meta,
    );
    const refunded = result.events.find((event) => event.type === 'EnvelopeRefunded');
    if (!refunded) return 0;
    await this.release(refunded.data as Refunded, meta);
    return (refunded.data as Refunded).amount;
  }

  /**
   * A send that never became an envelope (its `EnvelopeSent` was not written): gives back the freeze, if any.
   * Only the topic posting that made the freeze calls this, after the send returned or failed.
   */
  async releaseUnsent(envelopeId: string, senderId: string, meta: CommandMetadata): Promise<number> {
    const freeze = await this.store.commits.findOne({ idem: operationKey(freezeOperation(envelopeId)) });
    const amount = (freeze?.events[0]?.data as { amount?: number } | undefined)?.amount;
    if (!amount) return 0;
    await this.release({ envelopeId, senderId, amount }, meta);
    return amount;
  }

  private async release(refund: Pick<Refunded, 'envelopeId' | 'senderId' | 'amount'>, meta: CommandMetadata) {
    await this.ledger.record(
      {
        type: 'Release',
        walletId: refund.senderId,
        operationId: refundOperation(refund.envelopeId),
        module: BALANCE_MODULES.envelopeRefund,
        amount: refund.amount,
        remark: 'Red envelope refund',
        reference: envelopeReference(refund.envelopeId),
        now: meta.now,
      },
      meta,
    );
  }

  /** One expiry round (tests call it with a later `now`); concurrent callers share the round in progress. */
  sweep(now = new Date()): Promise<number> {
    return this.job.once(() => this.round(now));
  }

  private async round(now: Date): Promise<number> {
    const [expired, released] = await Promise.all([this.expire(now), this.abandonStale(now)]);
    return expired + released;
  }

  /**
   * Sends that froze money and never recorded their envelope (ADR 0016: the process died between the two): the
   * envelope id is closed (`EnvelopeAbandoned`, so a late send is refused) and the freeze given back, once.
   */
  private async abandonStale(now: Date): Promise<number> {
    const sends = this.db.collection<EnvelopeSendDocument>(ENVELOPE_SENDS);
    const cutoff = new Date(now.getTime() - ABANDON_AFTER_MS).toISOString();
    // In-flight sends only: a handful of rows, so the scan this filter costs on the stand-in stays small.
    const stale = await sends
      .find({ startedAt: { $lt: cutoff } })
      .limit(SWEEP_BATCH)
      .toArray();
    let released = 0;
    for (const row of stale) {
      const result = await this.store.handle(
        envelopeDecider,
        envelopeStream(row._id),
        { type: 'AbandonEnvelope', envelopeId: row._id, senderId: row.senderId, now },
        systemMeta(now),
      );
      const events = await this.store.readStream(envelopeStream(row._id));
      if (events.some((event) => event.type === 'EnvelopeAbandoned'))
        released += await this.releaseUnsent(row._id, row.senderId, systemMeta(now));
      if (result.events.length > 0)
        this.logger.warn({ envelopeId: row._id, msg: 'envelope send never completed: freeze given back' });
      await sends.deleteOne({ _id: row._id });
    }
    return released;
  }

  private async expire(now: Date): Promise<number> {
    const due = this.db.collection<EnvelopeDueDocument>(ENVELOPE_DUE);
    const rows = await due
      .find({ _id: { $lt: `${now.toISOString()}|\uffff` } })
      .sort({ _id: 1 })
      .limit(SWEEP_BATCH)
      .toArray();
    let refunded = 0;
    for (const row of rows) {
      refunded += await this.refund(row.envelopeId, 'expired', systemMeta(now));
      // Refunded or fully claimed: either way nothing more is due. Only this job deletes due rows (a rebuild brings
      // back those of settled envelopes; the next round drops them, the decider refunding nothing twice).
      await due.deleteOne({ _id: row._id });
    }
    return refunded;
  }

  reactors(): ReactorDefinition[] {
    return [
      {
        name: ENVELOPE_REFUNDS_REACTOR,
        version: 1,
        topics: ['wallet.envelope'],
        handle: async (envelope: EventEnvelope) => {
          const event = envelope as EventEnvelope & EnvelopeEvent;
          if (event.type === 'EnvelopeRefunded')
            await this.release(event.data, reactionMeta(ENVELOPE_REFUNDS_REACTOR, envelope));
        },
      },
      {
        name: ENVELOPE_TOPIC_DELETED_REACTOR,
        version: 1,
        topics: ['forum.topic'],
        handle: async (envelope: EventEnvelope) => {
          const event = envelope as EventEnvelope & TopicEvent;
          if (event.type !== 'TopicDeleted' || !event.data.redEnvelopeId) return;
          await this.refund(
            event.data.redEnvelopeId,
            'topicDeleted',
            reactionMeta(ENVELOPE_TOPIC_DELETED_REACTOR, envelope),
          );
        },
      },
    ];
  }
}

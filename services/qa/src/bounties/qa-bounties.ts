import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import {
  adjustBountyCommand,
  awardBountyCommand,
  cancelBountyAwardCommand,
  holdBountyCommand,
  newId,
  refundBountyCommand,
} from '@forum/contracts';
import type {
  AdjustBountyInput,
  AwardBountyInput,
  BountyView,
  CommandMetadata,
  EventEnvelope,
  HoldBountyInput,
  QuestionEvent,
  RefundBountyInput,
} from '@forum/contracts';
import { reactionMeta } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PeerCommands, PeriodicJob, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { questionDecider, questionStream } from '../questions/question.decider';
import type { QuestionState } from '../questions/question.decider';
import { QA_OPEN_BOUNTIES } from '../questions/questions.projection';

export const QA_BOUNTY_REACTOR = 'qa-bounties';
const DAY_MS = 86_400_000;
const EXPIRY_INTERVAL_MS = 60_000;

/** The wallet's refusals of a hold, said in the asker's terms. */
const HOLD_REFUSALS: Partial<Record<string, 'qa.bounty_exceeds_balance' | 'qa.bounty_exceeds_points'>> = {
  'wallet.insufficient_balance': 'qa.bounty_exceeds_balance',
  'wallet.insufficient_points': 'qa.bounty_exceeds_points',
};

/**
 * The Q&A's side of bounties (ADR 0017): every money move is a wallet peer command, idempotent on the question.
 * The question's stream decides adoption; the wallet then pays that adoption's round. The `qa-bounties` reactor
 * repeats the wallet call of every adoption and unresolved deletion (a crash between the two changes nothing),
 * and the expiry job refunds bounties held longer than `qa.bountyExpiryDays`.
 */
@Injectable()
export class QaBounties implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job = new PeriodicJob({
    name: 'qa-bounties',
    what: 'bounty expiry',
    everyMs: EXPIRY_INTERVAL_MS,
    round: () => this.refundExpired(new Date()),
  });

  constructor(
    private readonly peers: PeerCommands,
    private readonly store: EventStore,
    private readonly settings: SiteSettingsCache,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hold(input: HoldBountyInput, meta: CommandMetadata): Promise<BountyView> {
    try {
      return await this.peers.execute(holdBountyCommand, input, meta);
    } catch (error) {
      const refusal = error instanceof DomainError ? HOLD_REFUSALS[error.code] : undefined;
      if (refusal) throw new DomainError(refusal);
      throw error;
    }
  }

  award(input: AwardBountyInput, meta: CommandMetadata): Promise<BountyView> {
    return this.peers.execute(awardBountyCommand, input, meta);
  }

  cancelAward(questionId: string, round: number, meta: CommandMetadata): Promise<BountyView> {
    return this.peers.execute(cancelBountyAwardCommand, { questionId, round }, meta);
  }

  adjust(input: AdjustBountyInput, meta: CommandMetadata): Promise<BountyView> {
    return this.peers.execute(adjustBountyCommand, input, meta);
  }

  refund(input: RefundBountyInput, meta: CommandMetadata): Promise<BountyView> {
    return this.peers.execute(refundBountyCommand, input, meta);
  }

  /** After the question's stream changed: pays the adoption, or refunds a deleted question's unawarded bounty. */
  async follow(questionId: string, state: QuestionState, meta: CommandMetadata): Promise<void> {
    if (!state.hasBounty) return;
    if (state.deleted && !state.adopted) {
      await this.refund({ questionId, reason: 'question_deleted' }, meta);
    } else if (state.adopted && !state.deleted) {
      const { answerId, answererId, answererIsStaff } = state.adopted;
      await this.award({ questionId, answerId, answererId, answererIsStaff, round: state.round }, meta);
    }
  }

  reactor(): ReactorDefinition {
    return {
      name: QA_BOUNTY_REACTOR,
      version: 1,
      topics: ['qa.question'],
      handle: async (envelope: EventEnvelope) => {
        const event = envelope as EventEnvelope & QuestionEvent;
        if (event.type !== 'AnswerAdopted' && event.type !== 'QuestionDeleted') return;
        const { questionId } = event.data;
        // The state up to this event: a later cancellation or deletion is that event's business.
        const events = (await this.store.readStream(questionStream(questionId))).slice(0, envelope.version);
        const state = fold(questionDecider, events as unknown as QuestionEvent[]);
        try {
          await this.follow(questionId, state, reactionMeta(QA_BOUNTY_REACTOR, envelope));
        } catch (error) {
          // A bounty already moved on (refunded by expiry, a newer round) has nothing left to do here.
          if (!(error instanceof DomainError && error.code === 'wallet.bounty_state_invalid')) throw error;
        }
      },
    };
  }

  onApplicationBootstrap(): void {
    if (this.config.RUN_WORKERS) this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Refunds every bounty held longer than the settings' period (0 days: never); answers how many. */
  expire(now = new Date()): Promise<number> {
    return this.job.once(() => this.refundExpired(now));
  }

  private async refundExpired(now: Date): Promise<number> {
    const days = this.settings.current().qa.bountyExpiryDays;
    if (days === 0) return 0;
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    const open = await this.db
      .collection<{ _id: string; open: boolean; heldAt?: string }>(QA_OPEN_BOUNTIES)
      .find({ open: true })
      .toArray();
    let refunded = 0;
    for (const bounty of open) {
      if (!bounty.heldAt || bounty.heldAt > cutoff) continue;
      const meta: CommandMetadata = { actor: { kind: 'system', id: null }, now, correlationId: newId() };
      try {
        await this.refund({ questionId: bounty._id, reason: 'expired' }, meta);
        refunded++;
      } catch (error) {
        // Awarded meanwhile: the wallet refuses, and the read model will say so shortly.
        if (!(error instanceof DomainError && error.code === 'wallet.bounty_state_invalid')) throw error;
      }
    }
    return refunded;
  }
}

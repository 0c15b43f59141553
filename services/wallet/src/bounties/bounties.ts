import { Injectable } from '@nestjs/common';
import {
  adjustBountyInput,
  awardBountyInput,
  adjustBountyCommand,
  awardBountyCommand,
  cancelBountyAwardCommand,
  holdBountyCommand,
  refundBountyCommand,
  BOUNTY_ESCROW_WALLET_ID,
  cancelBountyAwardInput,
  holdBountyInput,
  PLATFORM_WALLET_ID,
  refundBountyInput,
} from '@forum/contracts';
import type { BountyEvent, BountyView, CommandMetadata, EventEnvelope, WalletEvent } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import type { ReactorDefinition as Reactor } from '@forum/event-bus';
import { ConcurrencyError, DomainError, EventStore, fold } from '@forum/event-store';
import { PeerCommands, SiteSettingsCache } from '@forum/platform';
import type { z } from 'zod';
import { Ledger } from '../ledger/ledger';
import { walletDecider, walletStream } from '../ledger/wallet.decider';
import type { WalletState } from '../ledger/wallet.decider';
import { Transfers } from '../ledger/transfers';
import { BountyCommand, bountyDecider, BountyState, bountyStream } from './bounty.decider';
import { BountyStep, bountySteps } from './bounty-steps';

export const BOUNTY_REACTOR = 'wallet-bounties';

function parse<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new DomainError('common.validation_failed');
  return parsed.data;
}

const isStaffOrSystem = (meta: CommandMetadata) => meta.actor.kind === 'staff' || meta.actor.kind === 'system';

/**
 * Question bounties through the wallet (docs/rules/qa.md, ADR 0017), answered as peer commands for the Q&A context.
 * A refusable movement (the asker's hold, a staff adjustment upwards, reversing an award the answerer may have
 * spent) is checked against the balances before the bounty event is written; the event is then the durable
 * record and its ledger steps follow, each idempotent — the `wallet-bounties` reactor books any step a crash
 * left undone. One bounty's commands run one at a time in this process; one that lost the race to another process
 * (a second wallet replica) decides again on what that one wrote.
 */
@Injectable()
export class Bounties {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly transfers: Transfers,
    private readonly settings: SiteSettingsCache,
    peers: PeerCommands,
  ) {
    peers.register(holdBountyCommand, (input, meta) => this.hold(input, meta));
    peers.register(awardBountyCommand, (input, meta) => this.award(input, meta));
    peers.register(cancelBountyAwardCommand, (input, meta) => this.cancelAward(input, meta));
    peers.register(adjustBountyCommand, (input, meta) => this.adjust(input, meta));
    peers.register(refundBountyCommand, (input, meta) => this.refund(input, meta));
  }

  /** Freezes the asker's cash and moves the points to escrow; refused (nothing held) when either is short. */
  hold(raw: unknown, meta: CommandMetadata): Promise<BountyView> {
    const input = parse(holdBountyInput, raw);
    if (meta.actor.id !== input.askerId) throw new DomainError('auth.forbidden');
    return this.run(input.questionId, { type: 'HoldBounty', ...input, now: meta.now }, meta);
  }

  /** Only the asker, staff or the Q&A's healing reactor award; the answerer is named by the adoption. */
  async award(raw: unknown, meta: CommandMetadata): Promise<BountyView> {
    const input = parse(awardBountyInput, raw);
    const { answerId, answererId, round, answererIsStaff } = input;
    const sharePercent = answererIsStaff ? 100 : this.settings.current().wallet.platformSharePercent.bounty;
    const command: BountyCommand = {
      type: 'AwardBounty',
      questionId: input.questionId,
      answerId,
      answererId,
      sharePercent,
      round,
      now: meta.now,
    };
    return this.run(input.questionId, command, meta, (state) => {
      if (!isStaffOrSystem(meta) && meta.actor.id !== state.askerId) throw new DomainError('auth.forbidden');
    });
  }

  cancelAward(raw: unknown, meta: CommandMetadata): Promise<BountyView> {
    const input = parse(cancelBountyAwardInput, raw);
    if (!isStaffOrSystem(meta)) throw new DomainError('auth.forbidden');
    const by = meta.actor.id ?? 'system';
    return this.run(input.questionId, { type: 'CancelBountyAward', ...input, by, now: meta.now }, meta);
  }

  adjust(raw: unknown, meta: CommandMetadata): Promise<BountyView> {
    const input = parse(adjustBountyInput, raw);
    if (!isStaffOrSystem(meta)) throw new DomainError('auth.forbidden');
    const by = meta.actor.id ?? 'system';
    return this.run(input.questionId, { type: 'AdjustBounty', ...input, by, now: meta.now }, meta);
  }

  /** The asker (deleting the question, or the asking failed), staff, or the expiry job. */
  refund(raw: unknown, meta: CommandMetadata): Promise<BountyView> {
    const input = parse(refundBountyInput, raw);
    return this.run(input.questionId, { type: 'RefundBounty', ...input, now: meta.now }, meta, (state) => {
      if (!isStaffOrSystem(meta) && meta.actor.id !== state.askerId) throw new DomainError('auth.forbidden');
    });
  }

  async state(questionId: string): Promise<{ state: BountyState; version: number }> {
    const events = await this.store.readStream(bountyStream(questionId));
    return { state: fold(bountyDecider, events as unknown as BountyEvent[]), version: events.length };
  }

  /** Books every step of a bounty event (idempotently): the request path and the healing reactor both call it. */
  async settle(event: BountyEvent, version: number, meta: CommandMetadata): Promise<void> {
    for (const step of bountySteps(event, version)) await this.book(step, meta);
  }

  reactor(): Reactor {
    return {
      name: BOUNTY_REACTOR,
      version: 1,
      topics: ['wallet.bounty'],
      handle: async (envelope: EventEnvelope) => {
        const event = envelope as EventEnvelope & BountyEvent;
        // A hold's steps come before its event (they may be refused), so the event itself proves them booked.
        if (event.type === 'BountyHeld') return;
        await this.settle(event, envelope.version, reactionMeta(BOUNTY_REACTOR, envelope));
      },
    } satisfies ReactorDefinition;
  }

  private run(
    questionId: string,
    command: BountyCommand,
    meta: CommandMetadata,
    authorize?: (state: BountyState) => void,
  ): Promise<BountyView> {
    const previous = this.running.get(questionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.decideAndBook(questionId, command, meta, authorize));
    this.running.set(questionId, next);
    void next
      .finally(() => {
        if (this.running.get(questionId) === next) this.running.delete(questionId);
      })
      .catch(() => undefined);
    return next;
  }

  private async decideAndBook(
    questionId: string,
    command: BountyCommand,
    meta: CommandMetadata,
    authorize?: (state: BountyState) => void,
    attempt = 0,
  ): Promise<BountyView> {
    const { state, version } = await this.state(questionId);
    if (state.status !== 'none') authorize?.(state);
    const events = bountyDecider.decide(command, state);
    if (events.length === 0) return view(questionId, state, version);
    const event = events[0]!;
    const steps = bountySteps(event, version + 1);
    await this.checkAffordable(steps);
    if (event.type === 'BountyHeld') await this.bookHold(steps, meta);
    const stored = { ...meta, idempotencyKey: `bounty:${questionId}:${version + 1}` };
    try {
      await this.store.append(bountyStream(questionId), version, events, stored);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // Another process (a second wallet replica) wrote this bounty meanwhile: decide again on what it wrote, so
      // the asker's retried adoption answers "done" (the decider appends nothing for the same award) rather than a
      // conflict. Only a hold books before appending, and it can only race a hold of the same question (version 1,
      // the same operation ids): what it booked is the winner's own.
      if (attempt >= 3) throw new DomainError('common.conflict');
      return this.decideAndBook(questionId, command, meta, authorize, attempt + 1);
    }
    if (event.type !== 'BountyHeld') await this.settle(event, version + 1, meta);
    return view(questionId, bountyDecider.evolve(state, event), version + 1);
  }

  /** The hold's steps, before its event: if the second is refused, the first is given back. */
  private async bookHold(steps: BountyStep[], meta: CommandMetadata): Promise<void> {
    const done: BountyStep[] = [];
    try {
      for (const step of steps) {
        await this.book(step, meta);
        done.push(step);
      }
    } catch (error) {
      for (const step of done) await this.undo(step, meta);
      throw error;
    }
  }

  private async undo(step: BountyStep, meta: CommandMetadata): Promise<void> {
    if (step.kind === 'freeze') {
      await this.book(
        { ...step, kind: 'release', operationId: `${step.operationId}:undo`, remark: 'Bounty not held' },
        meta,
      );
    } else if (step.kind === 'transfer') {
      const { request } = step;
      const leg = request.legs[0]!;
      await this.transfers.transfer(
        {
          ...request,
          transferId: `${request.transferId}:undo`,
          from: leg.memberId,
          remark: 'Bounty not held',
          legs: [{ ...leg, memberId: request.from, remark: 'Bounty not held' }],
        },
        meta,
      );
    }
  }

  private async book(step: BountyStep, meta: CommandMetadata): Promise<void> {
    if (step.kind === 'transfer') {
      await this.transfers.transfer(step.request, meta);
      return;
    }
    await this.ledger.record(
      {
        type: step.kind === 'freeze' ? 'Freeze' : 'Release',
        walletId: step.walletId,
        operationId: step.operationId,
        module: step.module,
        amount: step.amount,
        remark: step.remark,
        reference: step.operationId.split(':')[1] ?? null,
        now: meta.now,
      },
      meta,
    );
  }

  /**
   * Walks the steps over the members' wallets as the ledger has them (credits included, in order) and refuses,
   * before anything is written, what would take a balance below zero. The escrow and the platform wallet are not
   * checked: held points are in escrow by construction and the platform never spends its shares. The ledger still
   * refuses on its own if a balance moved since.
   */
  private async checkAffordable(steps: BountyStep[]): Promise<void> {
    const wallets = new Map<string, WalletState>();
    const wallet = async (walletId: string): Promise<WalletState | null> => {
      if (walletId === BOUNTY_ESCROW_WALLET_ID || walletId === PLATFORM_WALLET_ID) return null;
      if (!wallets.has(walletId)) {
        const events = await this.store.readStream(walletStream(walletId));
        wallets.set(walletId, fold(walletDecider, events as unknown as WalletEvent[]));
      }
      return wallets.get(walletId)!;
    };
    const move = async (walletId: string, from: Field | null, to: Field | null, amount: number) => {
      const state = await wallet(walletId);
      if (!state) return;
      if (from) {
        if (state[from] < amount) throw new DomainError(REFUSALS[from]);
        state[from] -= amount;
      }
      if (to) state[to] += amount;
    };
    for (const step of steps) {
      if (step.kind === 'transfer') {
        const { source, from, amount, legs } = step.request;
        await move(from, source === 'balance' ? 'available' : source, null, amount);
        for (const leg of legs)
          await move(leg.memberId, null, source === 'points' ? 'points' : 'available', leg.amount);
      } else if (step.kind === 'freeze') {
        await move(step.walletId, 'available', 'frozen', step.amount);
      } else {
        await move(step.walletId, 'frozen', 'available', step.amount);
      }
    }
  }
}

type Field = 'available' | 'frozen' | 'points';
const REFUSALS = {
  available: 'wallet.insufficient_balance',
  frozen: 'wallet.insufficient_frozen',
  points: 'wallet.insufficient_points',
} as const;

function view(questionId: string, state: BountyState, version: number): BountyView {
  return {
    questionId,
    status: state.status === 'none' ? 'refunded' : state.status,
    amount: state.amount,
    points: state.points,
    round: state.round,
    answererId: state.award?.answererId ?? null,
    version,
  };
}

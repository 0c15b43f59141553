import { Injectable, Logger } from '@nestjs/common';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type { CommandMetadata, EnvelopeEvent, EventEnvelope } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import { commitId, ConcurrencyError, DomainError, EventStore, fold, LruMap } from '@forum/event-store';
import { Ledger } from '../ledger/ledger';
import { Transfers } from '../ledger/transfers';
import type { TransferResult } from '../ledger/transfers';
import { envelopeDecider, envelopeStream } from './envelope.decider';
import type { EnvelopeState } from './envelope.decider';

export const ENVELOPE_CLAIMS_REACTOR = 'wallet-envelope-claims';

/** At most this many claims go into one commit (and one transfer from the sender's frozen balance). */
const MAX_BATCH = 200;
const MAX_RETRIES = 20;

type Claimed = Extract<EnvelopeEvent, { type: 'EnvelopeClaimed' }>['data'];

export interface ClaimResult {
  amount: number;
  claimedAt: string;
  position: number;
}

interface Waiting {
  memberId: string;
  now: Date;
  resolve(result: ClaimResult): void;
  reject(error: unknown): void;
}

/** The claims of one envelope waiting for its writer. */
interface Lane {
  waiting: Waiting[];
  running: boolean;
}

/** The commit id of a claim batch and the transfer that pays it: the batch's first position names both. */
export function claimTransferId(envelopeId: string, batch: number): string {
  return `envelope:${envelopeId}:claims:${batch}`;
}

export function envelopeReference(envelopeId: string): string {
  return `envelope:${envelopeId}`;
}

/**
 * Claims (docs/rules/wallet.md, red envelopes), arbitrated on the envelope's stream and paid from the sender's frozen balance.
 *
 * A hot envelope is a hot stream, twice: its own, and its sender's wallet. So claims arriving while a commit is
 * being written wait in the envelope's lane and are decided together, one by one against the state (one claim
 * per member, position = claims so far + 1, never past the last share), into ONE commit of `EnvelopeClaimed`
 * events — optimistic concurrency on that commit is what makes claims safe across processes. The accepted claims
 * of a commit are paid by ONE transfer: `SpendFrozen` on the sender with a leg per claimer (module 120 / 130),
 * the legs credited in parallel, and each claimer is answered once their own credit shows in the ledger read
 * model (read-your-writes: the money is on their balance when the answer arrives). The lane writes the next
 * commit while the previous batch is being paid. A failed payment, or a crash between the commit and the
 * payment, is healed by the `wallet-envelope-claims` reactor, which pays the commit again from its events (the
 * transfer's operation ids make it once).
 */
@Injectable()
export class EnvelopeClaims {
  private readonly logger = new Logger('envelope-claims');
  private readonly lanes = new Map<string, Lane>();
  private readonly states = new LruMap<string, { state: EnvelopeState; version: number }>(10_000);

  constructor(
    private readonly store: EventStore,
    private readonly transfers: Transfers,
    private readonly ledger: Ledger,
  ) {}

  claim(envelopeId: string, memberId: string, now: Date): Promise<ClaimResult> {
    return new Promise<ClaimResult>((resolve, reject) => {
      let lane = this.lanes.get(envelopeId);
      if (!lane) {
        lane = { waiting: [], running: false };
        this.lanes.set(envelopeId, lane);
      }
      lane.waiting.push({ memberId, now, resolve, reject });
      if (!lane.running) void this.drain(envelopeId, lane);
    });
  }

  /**
   * The state claims are decided on (claims commit outside the store's own cache, so it is kept here). A stale
   * state can only refuse what a fresh one would too (claims and refunds only ever add up), except "not found":
   * so an envelope not sent yet is never cached.
   */
  async state(envelopeId: string): Promise<{ state: EnvelopeState; version: number }> {
    const cached = this.states.get(envelopeId);
    if (cached) return cached;
    const events = await this.store.readStream(envelopeStream(envelopeId));
    const loaded = {
      state: fold(envelopeDecider, events as unknown as EnvelopeEvent[]),
      version: events.at(-1)?.version ?? 0,
    };
    if (loaded.state.sent) this.states.set(envelopeId, loaded);
    return loaded;
  }

  private async drain(envelopeId: string, lane: Lane): Promise<void> {
    lane.running = true;
    while (lane.waiting.length > 0) {
      const batch = lane.waiting.splice(0, MAX_BATCH);
      try {
        await this.decideBatch(envelopeId, batch);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    lane.running = false;
    this.lanes.delete(envelopeId);
  }

  /** Decides a batch, commits the accepted claims, answers the refused ones, and starts paying the rest. */
  private async decideBatch(envelopeId: string, batch: Waiting[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const loaded = await this.state(envelopeId);
      let state = loaded.state;
      const first = state.claimers.size + 1;
      const accepted: { waiting: Waiting; event: EnvelopeEvent }[] = [];
      const refused: { waiting: Waiting; error: unknown }[] = [];
      for (const waiting of batch) {
        try {
          const [event] = envelopeDecider.decide(
            { type: 'ClaimEnvelope', memberId: waiting.memberId, batch: first, now: waiting.now },
            state,
          );
          state = envelopeDecider.evolve(state, event!);
          accepted.push({ waiting, event: event! });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused.push({ waiting, error });
        }
      }
      if (accepted.length > 0) {
        try {
          await this.store.append(
            envelopeStream(envelopeId),
            loaded.version,
            accepted.map(({ event }) => event),
            { actor: { kind: 'system', id: null }, now: batch[0]!.now, correlationId: newId() },
          );
        } catch (error) {
          this.states.delete(envelopeId);
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_RETRIES) throw error;
          continue;
        }
        this.states.set(envelopeId, { state, version: loaded.version + accepted.length });
      }
      for (const { waiting, error } of refused) waiting.reject(error);
      if (accepted.length > 0) this.answerAndPay(accepted);
      return;
    }
  }

  /**
   * A claim is won once its commit is stored; the claimer is answered once the share is on their balance: the
   * batch is paid (one transfer), then each claimer's answer waits — bounded by `READ_YOUR_WRITES_TIMEOUT_MS` —
   * until the ledger read model shows their own credit, so a balance read right after the answer has it. The
   * lane does not wait for this: it decides and writes the next commit while this batch is being paid, so a storm
   * still costs one sender entry per batch. A payment that fails is tried once more; if that fails too, the
   * claimer is answered anyway (the claim is won) and the claims reactor pays the commit from its events.
   */
  private answerAndPay(accepted: { waiting: Waiting; event: EnvelopeEvent }[]): void {
    const claims = accepted.map(({ event }) => event.data as Claimed);
    const answer = (index: number) => {
      const { amount, claimedAt, position } = claims[index]!;
      accepted[index]!.waiting.resolve({ amount, claimedAt, position });
    };
    void this.payWithRetry(claims).then((paid) =>
      Promise.all(
        accepted.map(async (_, index) => {
          const credit = paid?.legs[index];
          if (credit) await this.ledger.caughtUp(credit).catch(() => undefined);
          answer(index);
        }),
      ),
    );
  }

  private async payWithRetry(claims: Claimed[]): Promise<TransferResult | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.pay(claims, { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() });
      } catch (error) {
        if (attempt >= 2) {
          this.logger.warn({ err: error, envelopeId: claims[0]!.envelopeId, msg: 'claim payment left to the reactor' });
          return null;
        }
      }
    }
  }

  /** One transfer from the sender's frozen balance to every claimer of one commit (idempotent by its batch). */
  async pay(claims: Claimed[], meta: CommandMetadata): Promise<TransferResult> {
    const { envelopeId, senderId, batch } = claims[0]!;
    return this.transfers.transfer(
      {
        transferId: claimTransferId(envelopeId, batch),
        from: senderId,
        source: 'frozen',
        amount: claims.reduce((sum, claim) => sum + claim.amount, 0),
        module: BALANCE_MODULES.envelopeSent,
        remark: claims.length === 1 ? 'Red envelope claimed' : `Red envelope claimed (${claims.length} shares)`,
        reference: envelopeReference(envelopeId),
        legs: claims.map((claim) => ({
          memberId: claim.memberId,
          amount: claim.amount,
          module: BALANCE_MODULES.envelopeReceived,
          remark: 'Red envelope received',
        })),
      },
      meta,
    );
  }

  /** Pays each claim commit again from its events (the first claim of a commit carries `position === batch`). */
  reactor(): ReactorDefinition {
    return {
      name: ENVELOPE_CLAIMS_REACTOR,
      version: 1,
      topics: ['wallet.envelope'],
      handle: async (envelope: EventEnvelope) => {
        const event = envelope as EventEnvelope & EnvelopeEvent;
        if (event.type !== 'EnvelopeClaimed' || event.data.position !== event.data.batch) return;
        const commit = await this.store.commits.findOne({ _id: commitId(envelope.streamId, envelope.version) });
        if (!commit) throw new Error(`claim commit ${envelope.streamId}@${envelope.version} not found`);
        const claims = commit.events
          .filter((stored) => stored.type === 'EnvelopeClaimed')
          .map((stored) => stored.data as Claimed);
        await this.pay(claims, reactionMeta(ENVELOPE_CLAIMS_REACTOR, envelope));
      },
    };
  }
}

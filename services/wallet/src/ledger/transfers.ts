import { Injectable } from '@nestjs/common';
import { PLATFORM_WALLET_ID } from '@forum/contracts';
import type { CommandMetadata, EventEnvelope, TransferPlan, WalletEvent } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import type { HandleResult } from '@forum/event-store';
import { Ledger } from './ledger';

export const TRANSFER_REACTOR = 'wallet-transfers';

export interface TransferRequest {
  /** Names the whole move; every step's operation id derives from it. */
  transferId: string;
  from: string;
  /** `balance` debits available, `frozen` spends a hold, `points` debits points. */
  source: 'balance' | 'frozen' | 'points';
  amount: number;
  module: number;
  remark: string;
  reference?: string | null;
  legs: TransferPlan['legs'];
}

/** The debit, and each leg's credit in the plan's order (a leg booked earlier is answered as first booked). */
export type TransferResult = HandleResult<WalletEvent> & { legs: HandleResult<WalletEvent>[] };

/**
 * Splits cash moving to a member into the member's part and the platform's share (whole percent, rounded down
 * in the platform's disfavour), as transfer legs; a zero part is left out.
 */
export function legsWithPlatformShare(
  amount: number,
  percent: number,
  payee: { memberId: string; module: number; remark: string },
  platformRemark: string,
): TransferPlan['legs'] {
  // amount = 100q + r, so floor(amount × p / 100) = q × p + floor(r × p / 100), with no product beyond exact integers.
  const share = Math.floor(amount / 100) * percent + Math.floor(((amount % 100) * percent) / 100);
  const legs: TransferPlan['legs'] = [];
  if (amount - share > 0) legs.push({ ...payee, amount: amount - share });
  if (share > 0)
    legs.push({ memberId: PLATFORM_WALLET_ID, amount: share, module: payee.module, remark: platformRemark });
  return legs;
}

/**
 * Cross-wallet moves (ADR 0011): step 1 debits the payer and records the whole plan in that debit's event;
 * steps 2… credit each leg. Each step is an idempotent ledger operation (`transfer:<id>:debit`,
 * `transfer:<id>:leg:<n>`). A refused debit writes nothing, so there is nothing to undo; once the debit is
 * stored the legs cannot be refused (credits always succeed), and if the process dies before crediting them,
 * the `wallet-transfers` reactor sees the debit on Kafka and credits what is missing.
 */
@Injectable()
export class Transfers {
  constructor(private readonly ledger: Ledger) {}

  async transfer(request: TransferRequest, meta: CommandMetadata): Promise<TransferResult> {
    const transfer: TransferPlan = { transferId: request.transferId, legs: request.legs };
    const type = { balance: 'Debit', frozen: 'SpendFrozen', points: 'DebitPoints' } as const;
    const debit = await this.ledger.record(
      {
        type: type[request.source],
        walletId: request.from,
        operationId: `transfer:${request.transferId}:debit`,
        module: request.module,
        amount: request.amount,
        remark: request.remark,
        reference: request.reference ?? null,
        transfer,
        now: meta.now,
      },
      meta,
    );
    // A repeated debit answers with the plan first booked: credit that one, never a plan recomputed since.
    const booked = (debit.events[0]?.data as { transfer?: TransferPlan | null } | undefined)?.transfer ?? transfer;
    const legs = await this.creditLegs(booked, request.source === 'points', request.reference ?? null, meta);
    return { ...debit, legs };
  }

  /**
   * Credits every leg of a plan, all at once (each leg is its own wallet's operation, and an envelope's claim
   * batch has up to 200 of them); legs already booked are answered by the store without a second entry.
   */
  async creditLegs(
    plan: TransferPlan,
    points: boolean,
    reference: string | null,
    meta: CommandMetadata,
  ): Promise<HandleResult<WalletEvent>[]> {
    const credit = (leg: TransferPlan['legs'][number], index: number) =>
      this.ledger.record(
        {
          type: points ? 'CreditPoints' : 'Credit',
          walletId: leg.memberId,
          operationId: `transfer:${plan.transferId}:leg:${index}`,
          module: leg.module,
          amount: leg.amount,
          remark: leg.remark,
          reference,
          transferId: plan.transferId,
          now: meta.now,
        },
        meta,
      );
    return Promise.all(plan.legs.map(credit));
  }

  /** Heals transfers a crash interrupted: every debit that carries a plan gets its legs (again, idempotently). */
  reactor(): ReactorDefinition {
    return {
      name: TRANSFER_REACTOR,
      version: 1,
      topics: ['wallet.wallet'],
      handle: async (envelope: EventEnvelope) => {
        const event = envelope as EventEnvelope & WalletEvent;
        if (event.type !== 'BalanceDebited' && event.type !== 'FrozenBalanceSpent' && event.type !== 'PointsDebited')
          return;
        if (!event.data.transfer) return;
        await this.creditLegs(
          event.data.transfer,
          event.type === 'PointsDebited',
          event.data.reference,
          reactionMeta(TRANSFER_REACTOR, envelope),
        );
      },
    };
  }
}

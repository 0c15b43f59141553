import { Injectable } from '@nestjs/common';
import { BALANCE_MODULES } from '@forum/contracts';
import type { CommandMetadata, EventEnvelope, PaymentIntentEvent } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import type { HandleResult } from '@forum/event-store';
import type { WalletEvent } from '@forum/contracts';
import { Ledger } from '../ledger/ledger';

export const RECHARGE_REACTOR = 'wallet-recharge-credits';

/**
 * A paid intent credits the member's balance (module 5) under the operation id `recharge:<intentId>`: the
 * notify handler does it at once, and this reactor does it again from `PaymentIntentPaid` on Kafka, which the
 * event store answers without a second entry unless a crash came between the two writes.
 */
@Injectable()
export class RechargeCredits {
  constructor(private readonly ledger: Ledger) {}

  credit(
    paid: { intentId: string; memberId: string; amount: number; paidAt: string },
    meta: CommandMetadata,
    options: { waitForReadModel?: boolean } = {},
  ): Promise<HandleResult<WalletEvent>> {
    return this.ledger.record(
      {
        type: 'Credit',
        walletId: paid.memberId,
        operationId: `recharge:${paid.intentId}`,
        module: BALANCE_MODULES.recharge,
        amount: paid.amount,
        remark: 'Recharge',
        reference: paid.intentId,
        now: new Date(paid.paidAt),
      },
      meta,
      options,
    );
  }

  reactor(): ReactorDefinition {
    return {
      name: RECHARGE_REACTOR,
      version: 1,
      topics: ['wallet.paymentIntent'],
      handle: async (envelope: EventEnvelope) => {
        const event = envelope as EventEnvelope & PaymentIntentEvent;
        if (event.type !== 'PaymentIntentPaid') return;
        await this.credit(event.data, reactionMeta(RECHARGE_REACTOR, envelope));
      },
    };
  }
}

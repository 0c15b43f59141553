import { Injectable } from '@nestjs/common';
import { BALANCE_MODULES, payUnlockCommand, payUnlockInput, POINTS_MODULES, unlockTransferId } from '@forum/contracts';
import type { CommandMetadata, PayUnlockInput, PayUnlockResult, TransferPlan } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PeerCommands, SiteSettingsCache } from '@forum/platform';
import { legsWithPlatformShare, Transfers } from './transfers';

/**
 * Paid unlocks (docs/rules/forum.md, hidden types 40 and 50), answered for the forum as the peer command `wallet.payUnlock`: a
 * transfer from the reader to the author (points: all of it; balance: minus the platform share, booked to the
 * platform wallet). The transfer id is derived from (topic, reader, type), so the debit's operation id is the
 * same for every attempt: concurrent requests and retries pay once, and a repeat answers what was paid.
 */
@Injectable()
export class PaidUnlocks {
  constructor(
    private readonly transfers: Transfers,
    private readonly settings: SiteSettingsCache,
    peers: PeerCommands,
  ) {
    peers.register(payUnlockCommand, (input, meta) => this.pay(input, meta));
  }

  async pay(raw: unknown, meta: CommandMetadata): Promise<PayUnlockResult> {
    const parsed = payUnlockInput.safeParse(raw);
    if (!parsed.success) throw new DomainError('common.validation_failed');
    const input = parsed.data;
    // Only the reader's own request spends the reader's money; nobody buys their own content.
    if (meta.actor.id !== input.readerId || input.readerId === input.authorId) throw new DomainError('auth.forbidden');
    const transferId = unlockTransferId(input.topicId, input.readerId, input.type);
    const debit = await this.transfers.transfer(
      {
        transferId,
        from: input.readerId,
        reference: input.topicId,
        amount: input.price,
        remark: 'Paid unlock',
        ...this.plan(input),
      },
      meta,
    );
    const data = debit.events[0]!.data as { amount: number; transfer?: TransferPlan | null };
    const authorReceived = (data.transfer?.legs ?? [])
      .filter((leg) => leg.memberId === input.authorId)
      .reduce((sum, leg) => sum + leg.amount, 0);
    return { transferId, paid: data.amount, authorReceived };
  }

  private plan(input: PayUnlockInput) {
    const income = { memberId: input.authorId, remark: 'Unlock income' };
    if (input.type === 40) {
      return {
        source: 'points' as const,
        module: POINTS_MODULES.paidUnlock,
        legs: [{ ...income, amount: input.price, module: POINTS_MODULES.paidUnlock }],
      };
    }
    const percent = this.settings.current().wallet.platformSharePercent.paidUnlock;
    return {
      source: 'balance' as const,
      module: BALANCE_MODULES.paidUnlock,
      legs: legsWithPlatformShare(
        input.price,
        percent,
        { ...income, module: BALANCE_MODULES.unlockIncome },
        'Platform share of a paid unlock',
      ),
    };
  }
}

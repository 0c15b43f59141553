import { Injectable, Logger } from '@nestjs/common';
import { parseUnlockTransferId } from '@forum/contracts';
import type { EventEnvelope, WalletEvent } from '@forum/contracts';
import { reactionMeta } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { DomainError } from '@forum/event-store';
import { blockIdOf, parseHiddenBlocks, ReactorHost } from '@forum/platform';
import { TopicSources } from './topic-source';
import { UnlockCommands } from './unlock.commands';

export const PAID_UNLOCK_HEALER = 'forum-paid-unlocks';

/**
 * The reader never pays without getting the unlock (ADR 0019): the unlock request pays, then records; if it dies
 * in between, this reactor sees the wallet's debit (`PointsDebited` / `BalanceDebited` carrying an `unlock:…`
 * transfer) and records the unlock the payment bought. Recording is idempotent on (topic, reader, type), so when
 * the request did record, this answers from the idempotency key and changes nothing.
 */
@Injectable()
export class PaidUnlockHealer extends ReactorHost {
  private readonly logger = new Logger(PaidUnlockHealer.name);

  constructor(
    private readonly sources: TopicSources,
    private readonly unlocks: UnlockCommands,
  ) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [{ name: PAID_UNLOCK_HEALER, version: 1, topics: ['wallet.wallet'], handle: (event) => this.heal(event) }];
  }

  async heal(envelope: EventEnvelope): Promise<void> {
    const event = envelope as EventEnvelope & WalletEvent;
    if (event.type !== 'PointsDebited' && event.type !== 'BalanceDebited') return;
    const bought = event.data.transfer && parseUnlockTransferId(event.data.transfer.transferId);
    if (!bought) return;
    try {
      // The blocks the payment bought: those of the type in the content as it was when the reader was debited.
      const topic = await this.sources.live(bought.topicId, envelope.occurredAt);
      const blocks = parseHiddenBlocks(topic.content).filter((block) => block.type === bought.type);
      await this.unlocks.record(
        {
          topicId: bought.topicId,
          memberId: bought.readerId,
          authorId: topic.authorId,
          type: bought.type,
          blockIds: blocks.map((block) => blockIdOf(block, topic.since)),
          pricePaid: event.data.amount,
        },
        reactionMeta(PAID_UNLOCK_HEALER, envelope),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The topic was deleted, or its blocks of that type removed, between paying and recording: nothing to open.
      // The payment stays in both ledgers for staff to refund; retrying would block the partition forever.
      this.logger.warn(`paid unlock ${event.data.transfer!.transferId} not recorded: ${error.code}`);
    }
  }
}

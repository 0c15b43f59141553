import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata, WalletView } from '@forum/contracts';
import { Adjustments } from './adjustments';
import type { AdjustmentBody } from './wallet.schemas';

/** Staff credit or debit a member's balance or points; the `Idempotency-Key` is the operation. */
export class AdjustWalletCommand extends Command<WalletView> {
  constructor(
    readonly memberId: string,
    readonly body: AdjustmentBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(AdjustWalletCommand)
export class AdjustWalletHandler implements ICommandHandler<AdjustWalletCommand> {
  constructor(private readonly adjustments: Adjustments) {}

  execute({ memberId, body, meta }: AdjustWalletCommand): Promise<WalletView> {
    return this.adjustments.adjust(memberId, body, meta);
  }
}

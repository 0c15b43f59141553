import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { Reconciliation, ReconciliationReport } from './reconciliation';
import { Recharges } from './recharges';

/** A member starts a recharge: the intent is stored, the answer says where to send them to pay. */
export class StartRechargeCommand extends Command<{ intentId: string; redirectUrl: string }> {
  constructor(
    readonly memberId: string,
    readonly amount: number,
    readonly provider: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A gateway's asynchronous notify; answered with the acknowledgement the gateway expects. */
export class SettleNotifyCommand extends Command<string> {
  constructor(
    readonly providerId: string,
    readonly body: Record<string, unknown>,
    readonly now: Date,
  ) {
    super();
  }
}

/** Staff settle intents whose notify never came, now, instead of at the next scheduled round. */
export class ReconcileCommand extends Command<ReconciliationReport> {}

@CommandHandler(StartRechargeCommand)
export class StartRechargeHandler implements ICommandHandler<StartRechargeCommand> {
  constructor(private readonly recharges: Recharges) {}

  execute({
    memberId,
    amount,
    provider,
    meta,
  }: StartRechargeCommand): Promise<{ intentId: string; redirectUrl: string }> {
    return this.recharges.start(memberId, amount, provider, meta);
  }
}

/** The signature is the only credential: an unsigned or forged notify books nothing. */
@CommandHandler(SettleNotifyCommand)
export class SettleNotifyHandler implements ICommandHandler<SettleNotifyCommand> {
  constructor(private readonly recharges: Recharges) {}

  async execute({ providerId, body, now }: SettleNotifyCommand): Promise<string> {
    const provider = this.recharges.provider(providerId);
    const params = Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const outcome = provider.verifyNotify(params);
    if (!outcome) throw new DomainError('wallet.payment_signature_invalid');
    await this.recharges.settle(outcome, 'notify', now);
    return provider.acknowledgement;
  }
}

@CommandHandler(ReconcileCommand)
export class ReconcileHandler implements ICommandHandler<ReconcileCommand> {
  constructor(private readonly reconciliation: Reconciliation) {}

  execute(): Promise<ReconciliationReport> {
    return this.reconciliation.run();
  }
}

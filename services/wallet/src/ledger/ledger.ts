import { Inject, Injectable } from '@nestjs/common';
import type { CommandMetadata, WalletEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { EventStore, HandleResult } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { LEDGER_PROJECTION } from './ledger.projection';
import { walletDecider, WalletCommand, walletStream } from './wallet.decider';

/**
 * The one way money and points move: one command on one wallet's stream, keyed by its operation id. The event
 * store's idempotency key is derived from the operation id alone (not from the caller's request), so whoever
 * issues an operation — the request, a retry, a reactor healing a crash — it is booked once.
 */
@Injectable()
export class Ledger {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(
    command: WalletCommand,
    meta: CommandMetadata,
    options: { waitForReadModel?: boolean } = {},
  ): Promise<HandleResult<WalletEvent>> {
    const result = await this.store.handle(walletDecider, walletStream(command.walletId), command, {
      ...meta,
      idempotencyKey: operationKey(command.operationId),
    });
    if (options.waitForReadModel && result.events.length > 0) await this.caughtUp(result);
    return result;
  }

  /** Read your writes: waits (bounded) until the ledger read model shows this result. */
  async caughtUp(result: { streamId: string; version: number }): Promise<void> {
    await this.waiter.waitFor(
      LEDGER_PROJECTION,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }
}

export function operationKey(operationId: string): string {
  return `ledger:${operationId}`;
}

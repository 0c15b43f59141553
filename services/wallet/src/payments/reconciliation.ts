import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB, PeriodicJob } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { PAYMENT_INTENTS, PaymentIntentDocument } from './payment-intents.projection';
import { Recharges } from './recharges';
import { WALLET_CONFIG } from './wallet-config';
import type { WalletConfig } from './wallet-config';

export interface ReconciliationReport {
  checked: number;
  paid: string[];
  failed: string[];
  expired: string[];
  stillPending: string[];
}

/**
 * For intents whose notify never came: every `WALLET_RECONCILE_INTERVAL_MS`, intents pending for longer than
 * `WALLET_RECONCILE_AFTER_MS` are asked about at their gateway and settled from its answer. An unpaid intent past
 * its deadline is closed at the gateway first (so it cannot be paid afterwards), then asked again — a payment
 * that slipped in just before the close is still booked — and expired otherwise.
 */
@Injectable()
export class Reconciliation implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: PeriodicJob<ReconciliationReport>;

  constructor(
    private readonly recharges: Recharges,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {
    this.job = new PeriodicJob({
      name: 'wallet-reconciliation',
      what: 'reconciliation round',
      everyMs: config.reconcileIntervalMs,
      round: () => this.round(new Date(), config.reconcileAfterMs),
    });
  }

  onApplicationBootstrap(): void {
    if (this.app.RUN_WORKERS) this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** One round (also the staff's "reconcile now"); concurrent callers share the round in progress. */
  run(now = new Date(), olderThanMs = this.config.reconcileAfterMs): Promise<ReconciliationReport> {
    return this.job.once(() => this.round(now, olderThanMs));
  }

  private async round(now: Date, olderThanMs: number): Promise<ReconciliationReport> {
    const cutoff = new Date(now.getTime() - olderThanMs).toISOString();
    const pending = await this.db
      .collection<PaymentIntentDocument>(PAYMENT_INTENTS)
      .find({ status: 'pending', createdAt: { $lte: cutoff } })
      .limit(500)
      .toArray();
    const report: ReconciliationReport = { checked: 0, paid: [], failed: [], expired: [], stillPending: [] };
    for (const intent of pending) {
      report.checked++;
      const provider = this.recharges.provider(intent.provider);
      let answer = await provider.query(intent._id);
      if (answer.status === 'pending' && new Date(intent.expiresAt) <= now) {
        await provider.close(intent._id);
        answer = await provider.query(intent._id);
      }
      switch (answer.status) {
        case 'paid':
          await this.recharges.settle(
            { intentId: intent._id, status: 'paid', amount: answer.amount, tradeNo: answer.tradeNo },
            'reconciliation',
            now,
          );
          report.paid.push(intent._id);
          break;
        case 'failed':
          await this.recharges.settle(
            { intentId: intent._id, status: 'failed', reason: answer.reason },
            'reconciliation',
            now,
          );
          report.failed.push(intent._id);
          break;
        case 'closed':
          if (new Date(intent.expiresAt) <= now) {
            await this.recharges.expire(intent._id, now);
            report.expired.push(intent._id);
          } else report.stillPending.push(intent._id);
          break;
        case 'pending':
          report.stillPending.push(intent._id);
          break;
      }
    }
    return report;
  }
}

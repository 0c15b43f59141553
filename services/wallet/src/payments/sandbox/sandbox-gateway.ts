import { randomBytes } from 'node:crypto';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Collection, Db } from 'mongodb';
import { APP_CONFIG, CONTEXT_DB } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import type { CheckoutRequest, PaymentProvider, ProviderOutcome, ProviderQueryResult } from '../payment-provider';
import { WALLET_CONFIG } from '../wallet-config';
import type { WalletConfig } from '../wallet-config';
import { signParams, verifySignature } from './sandbox-signature';

/** The gateway's own record of a trade: its private storage, not a wallet read model. */
export interface SandboxTrade {
  _id: string;
  memberId: string;
  amount: number;
  notifyUrl: string;
  returnUrl: string;
  status: 'waiting' | 'paid' | 'failed' | 'closed';
  tradeNo: string | null;
  createdAt: Date;
  expiresAt: Date;
  notifyDue: boolean;
  notifyAt: Date;
  notifyAttempts: number;
  notifiedAt: Date | null;
}

export const SANDBOX_TRADES = 'sandbox_gateway_trades';
/** After this many unacknowledged deliveries the gateway gives up; reconciliation settles the intent. */
const MAX_DELIVERIES = 10;
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 60_000;
/** A claimed delivery is someone else's for this long (several replicas poll the same trades). */
const CLAIM_MS = 30_000;
/**
 * With nothing due, how long until the gateway looks again anyway: for a trade another replica decided, or a claim
 * a replica that died left behind. Everything this process decides or retries wakes it at the right time itself.
 */
const IDLE_LOOK_MS = 10_000;

export type SandboxMode = WalletConfig['sandboxMode'];

/**
 * A local payment gateway served by the wallet itself, for the embedded default and tests. It behaves like a real
 * one: a hosted checkout page (pay / fail), then a signed asynchronous notify (HMAC-SHA256) POSTed to the
 * wallet, retried with exponential back-off until the wallet acknowledges it with `success`; a query and a close
 * for reconciliation. `WALLET_SANDBOX_MODE` (or `setMode` in tests) makes it lose the first two notifies of each
 * trade (`flaky`) or never notify (`silent`).
 */
@Injectable()
export class SandboxGateway implements PaymentProvider, OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly id = 'sandbox';
  readonly acknowledgement = 'success';
  private readonly logger = new Logger('sandbox-gateway');
  private readonly trades: Collection<SandboxTrade>;
  private mode: SandboxMode;
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private running = false;
  private delivering: Promise<void> | null = null;

  constructor(
    @Inject(CONTEXT_DB) db: Db,
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly http: HttpAdapterHost,
  ) {
    this.trades = db.collection<SandboxTrade>(SANDBOX_TRADES);
    this.mode = config.sandboxMode;
  }

  setMode(mode: SandboxMode): void {
    this.mode = mode;
  }

  /**
   * Deliveries run when a notify falls due — right after a decision, then at each retry's time — rather than on a
   * fixed poll: at rest the gateway reads its trades once every `IDLE_LOOK_MS`, not twice a second (issue 18's idle
   * figure: each poll is a scan on the embedded MongoDB-wire server).
   */
  onApplicationBootstrap(): void {
    if (!this.app.RUN_WORKERS || !this.config.sandboxEnabled) return;
    this.running = true;
    void this.deliverDue();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.delivering;
  }

  async checkout(request: CheckoutRequest): Promise<{ redirectUrl: string }> {
    await this.trades.updateOne(
      { _id: request.intentId },
      {
        $setOnInsert: {
          memberId: request.memberId,
          amount: request.amount,
          notifyUrl: request.notifyUrl,
          returnUrl: request.returnUrl,
          status: 'waiting',
          tradeNo: null,
          createdAt: new Date(),
          expiresAt: request.expiresAt,
          notifyDue: false,
          notifyAt: new Date(0),
          notifyAttempts: 0,
          notifiedAt: null,
        },
      },
      { upsert: true },
    );
    return { redirectUrl: `/api/wallet/payments/sandbox/checkout/${encodeURIComponent(request.intentId)}` };
  }

  trade(intentId: string): Promise<SandboxTrade | null> {
    return this.trades.findOne({ _id: intentId });
  }

  /** The payer's choice on the hosted page. A trade is decided once; its notify is then due. */
  async decide(intentId: string, decision: 'pay' | 'fail', now = new Date()): Promise<SandboxTrade | null> {
    const decided = await this.trades.findOneAndUpdate(
      { _id: intentId, status: 'waiting', expiresAt: { $gt: now } },
      {
        $set: {
          status: decision === 'pay' ? 'paid' : 'failed',
          tradeNo: `SBX${now.getTime()}${randomBytes(4).toString('hex').toUpperCase()}`,
          notifyDue: this.mode !== 'silent',
          notifyAt: now,
        },
      },
      { returnDocument: 'after' },
    );
    if (decided) void this.deliverDue();
    return decided ?? this.trade(intentId);
  }

  verifyNotify(params: Record<string, string>): ProviderOutcome | null {
    if (params.sign_type !== 'HMAC-SHA256' || !verifySignature(params, this.config.sandboxSecret)) return null;
    const intentId = params.intent_id;
    if (!intentId) return null;
    if (params.trade_status === 'TRADE_SUCCESS' && /^\d{1,16}$/.test(params.total_amount ?? '') && params.trade_no) {
      return { intentId, status: 'paid', amount: Number(params.total_amount), tradeNo: params.trade_no };
    }
    if (params.trade_status === 'TRADE_CLOSED') return { intentId, status: 'failed', reason: 'payment declined' };
    return null;
  }

  async query(intentId: string): Promise<ProviderQueryResult> {
    const trade = await this.trade(intentId);
    if (!trade || trade.status === 'closed') return { status: 'closed' };
    if (trade.status === 'paid') return { status: 'paid', amount: trade.amount, tradeNo: trade.tradeNo! };
    if (trade.status === 'failed') return { status: 'failed', reason: 'payment declined' };
    return { status: 'pending' };
  }

  async close(intentId: string): Promise<void> {
    await this.trades.updateOne({ _id: intentId, status: 'waiting' }, { $set: { status: 'closed' } });
  }

  /**
   * Sends every notify that is due (one run at a time in this process; a claim keeps replicas apart), then sleeps
   * until the next one falls due — at least `sandboxNotifyPollMs`, at most `IDLE_LOOK_MS`.
   */
  deliverDue(now = new Date()): Promise<void> {
    this.delivering ??= this.deliverBatch(now)
      .then(() => this.sleepUntilNextDue())
      .finally(() => (this.delivering = null));
    return this.delivering;
  }

  private async sleepUntilNextDue(): Promise<void> {
    let wait = IDLE_LOOK_MS;
    try {
      const next = await this.trades.findOne(
        { notifyDue: true },
        { sort: { notifyAt: 1 }, projection: { notifyAt: 1 } },
      );
      if (next) wait = next.notifyAt.getTime() - Date.now();
    } catch (error) {
      this.logger.warn({ err: error, msg: 'sandbox notify: next due time unknown' });
    }
    this.wakeIn(Math.min(IDLE_LOOK_MS, Math.max(this.config.sandboxNotifyPollMs, wait)));
  }

  /** One timer, for the earliest wake-up asked for. */
  private wakeIn(ms: number): void {
    if (!this.running) return;
    const at = Date.now() + ms;
    if (this.timer && at >= this.wakeAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wakeAt = Infinity;
      void this.deliverDue();
    }, ms);
    this.timer.unref();
  }

  private async deliverBatch(now: Date): Promise<void> {
    try {
      const due = await this.trades
        .find({ notifyDue: true, notifyAt: { $lte: now } })
        .limit(50)
        .toArray();
      await Promise.all(
        due.map(async (trade) => {
          const claimed = await this.trades.findOneAndUpdate(
            { _id: trade._id, notifyDue: true, notifyAt: trade.notifyAt },
            { $set: { notifyAt: new Date(now.getTime() + CLAIM_MS) } },
            { returnDocument: 'after' },
          );
          if (claimed) await this.deliver(claimed, now);
        }),
      );
    } catch (error) {
      this.logger.warn({ err: error, msg: 'sandbox notify round failed' });
    }
  }

  private async deliver(trade: SandboxTrade, now: Date): Promise<void> {
    const attempts = trade.notifyAttempts + 1;
    const lost = this.mode === 'silent' || (this.mode === 'flaky' && attempts <= 2);
    const acknowledged = lost ? false : await this.post(trade, now);
    if (acknowledged) {
      await this.trades.updateOne(
        { _id: trade._id },
        { $set: { notifyDue: false, notifiedAt: now, notifyAttempts: attempts } },
      );
      return;
    }
    const retryIn = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
    await this.trades.updateOne(
      { _id: trade._id },
      {
        $set: {
          notifyAttempts: attempts,
          notifyDue: attempts < MAX_DELIVERIES,
          notifyAt: new Date(now.getTime() + retryIn),
        },
      },
    );
  }

  private async post(trade: SandboxTrade, now: Date): Promise<boolean> {
    const params = notifyForm(trade, this.config.sandboxSecret, now);
    try {
      const response = await fetch(this.absolute(trade.notifyUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(5000),
      });
      return response.ok && (await response.text()).trim() === this.acknowledgement;
    } catch {
      return false;
    }
  }

  /** A notify URL without a host is this process's own address (the gateway lives inside the wallet). */
  private absolute(url: string): string {
    if (/^https?:\/\//.test(url)) return url;
    const address = this.http.httpAdapter?.getHttpServer()?.address();
    const port = typeof address === 'object' && address ? address.port : this.app.PORT;
    return `http://127.0.0.1:${port}${url}`;
  }
}

/** The notify the sandbox sends for a decided trade, signed with `secret` (tests forge, replay and tamper with it). */
export function notifyForm(trade: SandboxTrade, secret: string, now = new Date()): Record<string, string> {
  const params: Record<string, string> = {
    intent_id: trade._id,
    trade_no: trade.tradeNo ?? '',
    total_amount: String(trade.amount),
    trade_status: trade.status === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
    notify_id: randomBytes(8).toString('hex'),
    notify_time: now.toISOString(),
    sign_type: 'HMAC-SHA256',
  };
  return { ...params, sign: signParams(params, secret) };
}

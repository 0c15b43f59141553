import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { BALANCE_MODULES, newId, stepMeta } from '@forum/contracts';
import type { Actor, CommandMetadata, EventEnvelope, PaymentIntentEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PermissionChecker, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { PAYMENT_PROVIDERS, PaymentProvider, ProviderOutcome } from './payment-provider';
import { IntentState, intentStream, paymentIntentDecider } from './payment-intent.decider';
import { PAYMENT_INTENTS, PAYMENT_INTENTS_PROJECTION, PaymentIntentDocument } from './payment-intents.projection';
import { RechargeCredits } from './recharge-credits';
import { WALLET_CONFIG } from './wallet-config';
import type { WalletConfig } from './wallet-config';

export interface PaymentView {
  intentId: string;
  /** Integer fen. */
  amount: number;
  provider: string;
  status: PaymentIntentDocument['status'];
  createdAt: string;
  paidAt: string | null;
}

export const NOTIFY_PATH = '/api/wallet/payments/notify';

/** Where a gateway sends the member back: the member site's `/paymentCompleted/{product}/{module}/{id}`. */
export function returnPath(provider: string, intentId: string): string {
  return `/paymentCompleted/${provider}/${BALANCE_MODULES.recharge}/${intentId}`;
}

/**
 * Recharge (docs/rules/wallet.md): the intent is stored before the member leaves for the gateway; the gateway's signed
 * notify (or the reconciliation job asking it) settles the intent and credits the balance exactly once, however
 * often and however concurrently it arrives: the intent's decider pays once, and the credit's operation id is the
 * intent's id.
 */
@Injectable()
export class Recharges {
  private readonly providers: Map<string, PaymentProvider>;

  constructor(
    private readonly store: EventStore,
    private readonly credits: RechargeCredits,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(PAYMENT_PROVIDERS) providers: PaymentProvider[],
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
  ) {
    this.providers = new Map(providers.map((provider) => [provider.id, provider]));
  }

  provider(id: string): PaymentProvider {
    const provider = this.providers.get(id);
    if (!provider) throw new DomainError('wallet.payment_provider_unknown');
    return provider;
  }

  /** The gateways a member may pick on the recharge page, in the order offered. */
  providerIds(): string[] {
    return [...this.providers.keys()];
  }

  /** Stores the intent, then opens the gateway's checkout. A replayed request (same key) gets the same intent. */
  async start(
    memberId: string,
    amount: number,
    providerId: string,
    meta: CommandMetadata,
  ): Promise<{ intentId: string; redirectUrl: string }> {
    const provider = this.provider(providerId);
    const fresh = newId(meta.now.getTime());
    const expiresAt = new Date(meta.now.getTime() + this.settings.current().wallet.paymentIntentMinutes * 60_000);
    const result = await this.store.handle(
      paymentIntentDecider,
      intentStream(fresh),
      { type: 'Create', intentId: fresh, memberId, amount, provider: provider.id, now: meta.now, expiresAt },
      stepMeta(meta, 'intent'),
    );
    const created = result.events[0] as EventEnvelope & Extract<PaymentIntentEvent, { type: 'PaymentIntentCreated' }>;
    const { intentId } = created.data;
    const checkout = await provider.checkout({
      intentId,
      memberId,
      amount: created.data.amount,
      expiresAt: new Date(created.data.expiresAt),
      notifyUrl: `${this.config.publicUrl ?? ''}${NOTIFY_PATH}/${provider.id}`,
      returnUrl: returnPath(provider.id, intentId),
    });
    await this.waiter.waitFor(
      PAYMENT_INTENTS_PROJECTION,
      result.streamId,
      result.version,
      this.app.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    return { intentId, redirectUrl: checkout.redirectUrl };
  }

  /**
   * Applies what the gateway says (a verified notify, or its answer to a query): a payment settles the intent and
   * credits the member once; a failure marks a pending intent failed.
   */
  async settle(outcome: ProviderOutcome, via: 'notify' | 'reconciliation', now: Date): Promise<IntentState> {
    if (outcome.status === 'pending') return this.state(outcome.intentId);
    const meta: CommandMetadata = {
      actor: { kind: 'system', id: null },
      now,
      correlationId: newId(),
    };
    const stream = intentStream(outcome.intentId);
    const command =
      outcome.status === 'paid'
        ? ({ type: 'MarkPaid', amount: outcome.amount, providerTradeNo: outcome.tradeNo, via, now } as const)
        : ({ type: 'MarkFailed', reason: outcome.reason, now } as const);
    const result = await this.store.handle(paymentIntentDecider, stream, command, meta);
    const state = await this.state(outcome.intentId);
    if (state.status === 'paid') {
      const paid = (await this.store.readStream(stream)).find((event) => event.type === 'PaymentIntentPaid') as
        (EventEnvelope & Extract<PaymentIntentEvent, { type: 'PaymentIntentPaid' }>) | undefined;
      if (paid) await this.credits.credit(paid.data, { ...meta, causationId: paid.id }, { waitForReadModel: true });
    }
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        PAYMENT_INTENTS_PROJECTION,
        result.streamId,
        result.version,
        this.app.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    }
    return state;
  }

  async expire(intentId: string, now: Date): Promise<void> {
    await this.store.handle(
      paymentIntentDecider,
      intentStream(intentId),
      { type: 'Expire', now },
      {
        actor: { kind: 'system', id: null },
        now,
        correlationId: newId(),
      },
    );
  }

  async state(intentId: string): Promise<IntentState> {
    return fold(paymentIntentDecider, (await this.store.readStream(intentStream(intentId))) as never);
  }

  /** The payment result page's view: the member's own intent only (staff holding `audit.read` may look at any). */
  async view(intentId: string, viewer: Actor): Promise<PaymentView> {
    const intent = await this.db.collection<PaymentIntentDocument>(PAYMENT_INTENTS).findOne({ _id: intentId });
    const anyIntent = async () => viewer.kind === 'staff' && (await this.permissions.can(viewer, 'audit.read'));
    if (!intent || (intent.memberId !== viewer.id && !(await anyIntent()))) {
      throw new DomainError('wallet.payment_intent_not_found');
    }
    return {
      intentId,
      amount: intent.amount,
      provider: intent.provider,
      status: intent.status,
      createdAt: intent.createdAt,
      paidAt: intent.paidAt,
    };
  }
}

import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from 'mongodb';
import { extendRoleCommand, newId } from '@forum/contracts';
import type {
  CommandMetadata,
  EventEnvelope,
  MembershipOrderEvent,
  MembershipOrderSnapshot,
  WalletEvent,
} from '@forum/contracts';
import { ProjectionWaiter, ReactorDefinition } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PeerCommands, PERMISSION_ROLES } from '@forum/platform';
import type { AppConfig, PermissionRoleDocument } from '@forum/platform';
import { operationKey } from '../ledger/ledger';
import { WALLET_ACCOUNTS, WalletAccountDocument } from '../ledger/ledger.projection';
import { walletStream } from '../ledger/wallet.decider';
import { Ledger } from '../ledger/ledger';
import { loadCard } from './membership-cards';
import { membershipOrderDecider, MembershipOrderState, orderStream } from './membership-order.decider';
import { membershipPaymentDecider, paymentOperation } from './membership-payment.decider';
import { membershipStockDecider, stockStream } from './membership-stock.decider';
import { MEMBERSHIP_PROJECTION } from './membership.projection';
import type { OrderView } from './membership.reader';

export const MEMBERSHIP_REACTOR = 'wallet-membership-orders';

/**
 * The order a request works on: named by the member's Idempotency-Key when there is one (a retried request
 * resumes the same order), otherwise new. UUID-shaped either way, so it fits stream ids and path checks.
 */
export function orderIdFor(meta: CommandMetadata): string {
  if (!meta.idempotencyKey) return newId(meta.now.getTime());
  const hex = createHash('sha256').update(`membership-order:${meta.idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Digits only: the order's time (UTC, to the millisecond, so a member's two orders in one second still list in
 * the order they were placed) and seven digits from its id.
 */
export function orderNumber(orderId: string, at: Date): string {
  const time = at.toISOString().slice(0, 23).replace(/\D/g, '');
  const digits = (createHash('sha256').update(orderId).digest().readBigUInt64BE(0) % 10_000_000n).toString();
  return `${time}${digits.padStart(7, '0')}`;
}

/**
 * Buying a membership card (docs/rules/wallet.md, membership cards, ADR 0015), in steps that are each idempotent on the order id:
 * 1. checks that write nothing: card on sale, specification enabled, role still a member role, enough balance
 *    and points in the read model (the refusal every member sees, with nothing written);
 * 2. take one unit on the specification's stock stream (refused at zero: never oversold);
 * 3. place the order (its snapshot: prices, names, period);
 * 4. pay: the balance and points debits in one commit on the member's wallet; if refused after all (the balance
 *    changed since step 1), the unit goes back and the order is cancelled;
 * 5. mark the order paid (`MembershipPurchased`);
 * 6. grant or extend the role through identity's `identity.extendRole` peer command, and record it.
 * Steps 5–6 also run in the `wallet-membership-orders` reactor, from the payment's and the order's events, so a
 * crash after the money moved still ends with a paid order and the role.
 */
@Injectable()
export class MembershipPurchases {
  private readonly logger = new Logger(MembershipPurchases.name);

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly peers: PeerCommands,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async purchase(memberId: string, cardId: string, specId: string, meta: CommandMetadata): Promise<OrderView> {
    const orderId = orderIdFor(meta);
    // The steps key their own writes; the request's key must not answer them all with the first one.
    const { idempotencyKey: _requestKey, ...stepMeta } = meta;
    let state = await this.orderState(orderId);
    if (state.status === 'none') {
      const order = await this.snapshot(orderId, memberId, cardId, specId, meta.now);
      await this.store.handle(
        membershipStockDecider,
        stockStream(specId),
        { type: 'Take', cardId, specId, orderId },
        { ...stepMeta, idempotencyKey: `membership-stock-take:${orderId}` },
      );
      await this.store.handle(membershipOrderDecider, orderStream(orderId), { type: 'Place', order }, stepMeta);
      state = await this.orderState(orderId);
    }
    const order = state.order!;
    if (state.status === 'cancelled' || order.memberId !== memberId || order.specId !== specId)
      throw new DomainError('common.conflict');
    if (state.status === 'placed') await this.pay(order, stepMeta);
    const done = await this.complete(orderId, stepMeta);
    await this.caughtUp(orderId);
    return { ...done.order!, paidAt: done.paidAt!, roleGranted: done.granted, validUntil: done.validUntil };
  }

  /** Nothing is written unless the card, the specification, the role and the member's funds all allow it. */
  private async snapshot(
    orderId: string,
    memberId: string,
    cardId: string,
    specId: string,
    now: Date,
  ): Promise<MembershipOrderSnapshot> {
    const card = await loadCard(this.store, cardId);
    if (!card) throw new DomainError('wallet.membership_card_not_found');
    const spec = card.specifications.find((candidate) => candidate.specId === specId);
    if (!spec) throw new DomainError('wallet.membership_spec_not_found');
    if (!card.onSale) throw new DomainError('wallet.membership_card_off_sale');
    if (!spec.enabled) throw new DomainError('wallet.membership_spec_disabled');
    const role = await this.db
      .collection<PermissionRoleDocument>(PERMISSION_ROLES)
      .findOne({ _id: card.roleId, deleted: false });
    if (!role || role.kind !== 'member') throw new DomainError('wallet.membership_role_invalid');
    const account = await this.db.collection<WalletAccountDocument>(WALLET_ACCOUNTS).findOne({ _id: memberId });
    if ((account?.available ?? 0) < spec.price) throw new DomainError('wallet.insufficient_balance');
    if ((account?.points ?? 0) < spec.points) throw new DomainError('wallet.insufficient_points');
    return {
      orderId,
      orderNumber: orderNumber(orderId, now),
      memberId,
      cardId,
      specId,
      cardName: card.name,
      specName: spec.name,
      roleId: card.roleId,
      roleName: role.name,
      amount: spec.price,
      points: spec.points,
      quantity: 1,
      duration: spec.duration,
      unit: spec.unit,
      at: now.toISOString(),
    };
  }

  private async pay(order: MembershipOrderSnapshot, meta: CommandMetadata): Promise<void> {
    const { orderId, memberId, cardId, specId } = order;
    try {
      const paid = await this.store.handle(
        membershipPaymentDecider,
        walletStream(memberId),
        {
          walletId: memberId,
          orderId,
          amount: order.amount,
          points: order.points,
          remark: `${order.cardName} · ${order.specName}`,
          now: meta.now,
        },
        { ...meta, idempotencyKey: operationKey(paymentOperation(orderId)) },
      );
      if (paid.events.length > 0) await this.ledger.caughtUp(paid);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.store.handle(
        membershipStockDecider,
        stockStream(specId),
        { type: 'GiveBack', cardId, specId, orderId },
        { ...meta, idempotencyKey: `membership-stock-giveback:${orderId}` },
      );
      await this.store.handle(
        membershipOrderDecider,
        orderStream(orderId),
        { type: 'Cancel', reason: error.code, at: meta.now.toISOString() },
        meta,
      );
      throw error;
    }
  }

  /**
   * Steps 5 and 6, safe to run any number of times: marks a placed order paid (callers know its payment is
   * booked) and asks identity for the role once. A refusal from identity (the role was deleted meanwhile) leaves
   * the order paid without a grant, visible to staff in the order list.
   */
  private async complete(orderId: string, meta: CommandMetadata): Promise<MembershipOrderState> {
    await this.store.handle(
      membershipOrderDecider,
      orderStream(orderId),
      { type: 'Pay', paidAt: meta.now.toISOString() },
      meta,
    );
    const state = await this.orderState(orderId);
    if (state.status !== 'paid' || state.granted) return state;
    const order = state.order!;
    let granted: { validUntil: string | null };
    try {
      granted = await this.peers.execute(
        extendRoleCommand,
        {
          memberId: order.memberId,
          roleId: order.roleId,
          duration: order.duration,
          unit: order.unit,
          operationId: paymentOperation(orderId),
          reason: `membership order ${order.orderNumber}`,
        },
        meta,
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`membership order ${orderId}: identity refused the role (${error.code})`);
      return state;
    }
    await this.store.handle(
      membershipOrderDecider,
      orderStream(orderId),
      { type: 'RecordGrant', validUntil: granted.validUntil },
      meta,
    );
    return this.orderState(orderId);
  }

  private async orderState(orderId: string): Promise<MembershipOrderState> {
    const events = (await this.store.readStream(orderStream(orderId))) as unknown as MembershipOrderEvent[];
    return fold(membershipOrderDecider, events);
  }

  private async caughtUp(orderId: string): Promise<void> {
    const events = await this.store.readStream(orderStream(orderId));
    await this.waiter.waitFor(
      MEMBERSHIP_PROJECTION,
      orderStream(orderId),
      events.length,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }

  /**
   * Heals a purchase a crash interrupted: a card payment booked on a wallet (its reference is the order) marks the
   * placed order paid; a paid order gets its role. Both steps are no-ops when the request already did them.
   */
  reactor(): ReactorDefinition {
    return {
      name: MEMBERSHIP_REACTOR,
      version: 1,
      topics: ['wallet.wallet', 'wallet.membershipOrder'],
      handle: async (envelope: EventEnvelope) => {
        const meta: CommandMetadata = {
          actor: { kind: 'system', id: null },
          now: new Date(envelope.occurredAt),
          correlationId: envelope.correlationId,
          causationId: envelope.id,
        };
        if (envelope.type === 'MembershipPurchased') {
          await this.complete((envelope as EventEnvelope & MembershipOrderEvent).data.orderId, meta);
          return;
        }
        const event = envelope as EventEnvelope & WalletEvent;
        if (event.type !== 'BalanceDebited' && event.type !== 'PointsDebited') return;
        const { operationId, reference } = event.data;
        if (!reference || !operationId.startsWith(`${paymentOperation(reference)}:`)) return;
        await this.complete(reference, meta);
      },
    };
  }
}

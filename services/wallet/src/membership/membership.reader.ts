import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { MembershipSpec, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import {
  MEMBERSHIP_CARDS,
  MEMBERSHIP_ORDERS,
  MembershipCardDocument,
  MembershipOrderDocument,
} from './membership.projection';
import type { StaffCardListQuery, StaffOrderListQuery } from './membership.schemas';

export interface SpecificationView extends MembershipSpec {
  stock: number;
}

export interface CardView {
  cardId: string;
  name: string;
  subtitle: string;
  introduction: string;
  descriptionTags: string[];
  onSale: boolean;
  roleId: string;
  roleName: string;
  specifications: SpecificationView[];
  createdAt: string | null;
  updatedAt: string | null;
}

export type OrderView = Omit<MembershipOrderDocument, '_id' | '_version'> & { roleGranted: boolean };

function cardView(doc: MembershipCardDocument, enabledOnly: boolean): CardView {
  const specifications = (doc.specifications ?? [])
    .filter((spec) => !enabledOnly || spec.enabled)
    .map((spec) => ({ ...spec, stock: doc.stock?.[spec.specId] ?? 0 }));
  return {
    cardId: doc._id,
    name: doc.name ?? '',
    subtitle: doc.subtitle ?? '',
    introduction: doc.introduction ?? '',
    descriptionTags: doc.descriptionTags ?? [],
    onSale: doc.onSale ?? false,
    roleId: doc.roleId ?? '',
    roleName: doc.roleName ?? '',
    specifications,
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
  };
}

function orderView({ _id, _version, ...order }: MembershipOrderDocument & { _version?: number }): OrderView {
  return { ...order, roleGranted: order.roleGranted ?? false, validUntil: order.validUntil ?? null };
}

/**
 * Reads of the membership read model. Members see cards on sale with their enabled specifications; staff see
 * every card. A card document exists only once its definition arrived (a stock event may come first).
 */
@Injectable()
export class MembershipReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get cards() {
    return this.db.collection<MembershipCardDocument>(MEMBERSHIP_CARDS);
  }

  private get orders() {
    return this.db.collection<MembershipOrderDocument>(MEMBERSHIP_ORDERS);
  }

  async cardsOnSale(page: number, pageSize: number): Promise<Page<CardView>> {
    return this.cardPage({ onSale: true }, page, pageSize, true);
  }

  async cardOnSale(cardId: string): Promise<CardView> {
    const doc = await this.cards.findOne({ _id: cardId });
    if (!doc?.name || !doc.onSale) throw new DomainError('wallet.membership_card_not_found');
    return cardView(doc, true);
  }

  async staffCards(query: StaffCardListQuery): Promise<Page<CardView>> {
    const filter: Filter<MembershipCardDocument> = { name: { $exists: true } };
    if (query.onSale !== undefined) filter.onSale = query.onSale;
    if (query.q) filter.name = { $regex: escapeRegex(query.q), $options: 'i' };
    return this.cardPage(filter, query.page, query.pageSize, false);
  }

  async staffCard(cardId: string): Promise<CardView> {
    const doc = await this.cards.findOne({ _id: cardId });
    if (!doc?.name) throw new DomainError('wallet.membership_card_not_found');
    return cardView(doc, false);
  }

  /** A member's paid orders, newest first: one `_id` range (order numbers start with their time). */
  async memberOrders(memberId: string, page: number, pageSize: number): Promise<Page<OrderView>> {
    return this.orderPage({ _id: { $gt: `${memberId}|`, $lt: `${memberId}|\uffff` } }, { _id: -1 }, page, pageSize);
  }

  async staffOrders(query: StaffOrderListQuery): Promise<Page<OrderView>> {
    const filter: Filter<MembershipOrderDocument> = query.memberId
      ? { _id: { $gt: `${query.memberId}|`, $lt: `${query.memberId}|\uffff` } }
      : {};
    if (query.cardId) filter.cardId = query.cardId;
    return this.orderPage(filter, { paidAt: -1 }, query.page, query.pageSize);
  }

  async order(memberId: string, orderNumber: string): Promise<OrderView | null> {
    const doc = await this.orders.findOne({ _id: `${memberId}|${orderNumber}` });
    return doc && orderView(doc);
  }

  private async cardPage(
    filter: Filter<MembershipCardDocument>,
    page: number,
    pageSize: number,
    enabledOnly: boolean,
  ): Promise<Page<CardView>> {
    const [docs, total] = await Promise.all([
      this.cards
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.cards.countDocuments(filter),
    ]);
    return pageOf(
      docs.map((doc) => cardView(doc, enabledOnly)),
      page,
      pageSize,
      total,
    );
  }

  private async orderPage(
    filter: Filter<MembershipOrderDocument>,
    sort: Record<string, 1 | -1>,
    page: number,
    pageSize: number,
  ): Promise<Page<OrderView>> {
    const [docs, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort(sort)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.orders.countDocuments(filter),
    ]);
    return pageOf(docs.map(orderView), page, pageSize, total);
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

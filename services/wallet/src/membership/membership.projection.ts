import type {
  EventEnvelope,
  MembershipCardEvent,
  MembershipOrderEvent,
  MembershipSpec,
  MembershipStockEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const MEMBERSHIP_PROJECTION = 'wallet-membership';

/** One document per card (`_id` = card id): its definition, and each specification's stock under `stock.<specId>`. */
export const MEMBERSHIP_CARDS = 'wallet_membership_cards';
/** One document per paid order, `_id` = `<memberId>|<orderNumber>`: a member's orders are one `_id` range, newest last. */
export const MEMBERSHIP_ORDERS = 'wallet_membership_orders';

export interface MembershipCardDocument {
  _id: string;
  name?: string;
  subtitle?: string;
  introduction?: string;
  descriptionTags?: string[];
  onSale?: boolean;
  roleId?: string;
  roleName?: string;
  specifications?: MembershipSpec[];
  stock?: Record<string, number>;
  /** The staff member who saved it last. */
  by?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface MembershipOrderDocument {
  _id: string;
  orderId: string;
  orderNumber: string;
  memberId: string;
  cardId: string;
  specId: string;
  cardName: string;
  specName: string;
  roleId: string;
  roleName: string;
  amount: number;
  points: number;
  quantity: 1;
  duration: number;
  unit: MembershipSpec['unit'];
  at: string;
  paidAt: string;
  /** Set once identity granted the role: the end of the member's period after this order (null: for good). */
  roleGranted?: boolean;
  validUntil?: string | null;
}

export const orderDocumentId = (memberId: string, orderNumber: string) => `${memberId}|${orderNumber}`;

type MembershipEvent = MembershipCardEvent | MembershipStockEvent | MembershipOrderEvent;

/**
 * Cards (fed by the card stream and one stock stream per specification, so every write remembers its source
 * stream's version) and paid orders (fed by their own stream). Placed and cancelled orders are steps of a
 * purchase, not orders a member has: they are not shown.
 */
export const membershipProjection: ProjectionDefinition = {
  name: MEMBERSHIP_PROJECTION,
  version: 1,
  topics: ['wallet.membershipCard', 'wallet.membershipStock', 'wallet.membershipOrder'],
  collections: [MEMBERSHIP_CARDS, MEMBERSHIP_ORDERS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & MembershipEvent;
    switch (event.type) {
      case 'MembershipCardCreated':
      case 'MembershipCardChanged': {
        const { cardId, ...card } = event.data;
        const created = event.type === 'MembershipCardCreated' ? { createdAt: envelope.occurredAt } : {};
        writer.updateOnce(
          MEMBERSHIP_CARDS,
          cardId,
          envelope,
          { $set: { ...card, ...created, updatedAt: envelope.occurredAt } },
          { upsert: true },
        );
        return;
      }
      case 'MembershipStockChanged':
        writer.updateOnce(
          MEMBERSHIP_CARDS,
          event.data.cardId,
          envelope,
          { $set: { [`stock.${event.data.specId}`]: event.data.stockAfter } },
          { upsert: true },
        );
        return;
      case 'MembershipPurchased':
        writer.upsertVersioned(
          MEMBERSHIP_ORDERS,
          orderDocumentId(event.data.memberId, event.data.orderNumber),
          envelope,
          {
            $set: { ...event.data, roleGranted: false, validUntil: null },
          },
        );
        return;
      case 'MembershipRoleGranted':
        writer.upsertVersioned(
          MEMBERSHIP_ORDERS,
          orderDocumentId(event.data.memberId, event.data.orderNumber),
          envelope,
          {
            $set: { roleGranted: true, validUntil: event.data.validUntil },
          },
        );
        return;
      default:
        return;
    }
  },
};

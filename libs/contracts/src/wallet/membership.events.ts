import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const CARD = { context: 'wallet', aggregate: 'membershipCard' } as const;
const STOCK = { context: 'wallet', aggregate: 'membershipStock' } as const;
const ORDER = { context: 'wallet', aggregate: 'membershipOrder' } as const;

export const MEMBERSHIP_DURATION_UNITS = ['hour', 'day', 'month', 'year'] as const;
export type MembershipDurationUnit = (typeof MEMBERSHIP_DURATION_UNITS)[number];

/** A card's SKU. Prices are integer fen and integer points; a spec may cost either or both (never neither). */
export const membershipSpecSchema = z.object({
  specId: z.string(),
  name: z.string(),
  /** Integer fen taken from the balance (0: none). */
  price: z.number().int().min(0),
  /** Points taken (0: none). */
  points: z.number().int().min(0),
  /** Integer fen shown struck through; null: none. */
  marketPrice: z.number().int().min(0).nullable(),
  duration: z.number().int().positive(),
  unit: z.enum(MEMBERSHIP_DURATION_UNITS),
  enabled: z.boolean(),
});
export type MembershipSpec = z.infer<typeof membershipSpecSchema>;

const cardDefinition = z.object({
  cardId: z.string(),
  name: z.string(),
  subtitle: z.string(),
  introduction: z.string(),
  descriptionTags: z.array(z.string()),
  onSale: z.boolean(),
  /** The member role the card grants, and its name when the card was saved (for lists and orders). */
  roleId: z.string(),
  roleName: z.string(),
  specifications: z.array(membershipSpecSchema),
  /** The staff member who saved it. */
  by: z.string().nullable(),
});
export type MembershipCardDefinition = z.infer<typeof cardDefinition>;

/** Stream `membershipCard-<cardId>`: every event carries the whole card, so consumers replace it. */
export const MembershipCardCreated = defineEvent({ ...CARD, type: 'MembershipCardCreated', schema: cardDefinition });
export const MembershipCardChanged = defineEvent({ ...CARD, type: 'MembershipCardChanged', schema: cardDefinition });

/**
 * Stream `membershipStock-<specId>`: the only arbiter of a specification's stock. A purchase takes one unit
 * (`purchase`), a refused payment gives it back (`purchase_refused`), staff add or remove units (`staff`).
 */
export const MembershipStockChanged = defineEvent({
  ...STOCK,
  type: 'MembershipStockChanged',
  schema: z.object({
    cardId: z.string(),
    specId: z.string(),
    change: z.number().int(),
    stockAfter: z.number().int().min(0),
    reason: z.enum(['purchase', 'purchase_refused', 'staff']),
    orderId: z.string().nullable(),
    by: z.string().nullable(),
  }),
});

/** What an order is, fixed when it is placed (docs/rules/wallet.md, membership cards): later edits of the card do not change it. */
const orderSnapshot = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  memberId: z.string(),
  cardId: z.string(),
  specId: z.string(),
  cardName: z.string(),
  specName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  /** Integer fen paid from the balance, and points paid. */
  amount: z.number().int().min(0),
  points: z.number().int().min(0),
  quantity: z.literal(1),
  duration: z.number().int().positive(),
  unit: z.enum(MEMBERSHIP_DURATION_UNITS),
  at: z.string(),
});
export type MembershipOrderSnapshot = z.infer<typeof orderSnapshot>;

/** Stream `membershipOrder-<orderId>`: stock is taken, payment comes next. */
export const MembershipOrderPlaced = defineEvent({ ...ORDER, type: 'MembershipOrderPlaced', schema: orderSnapshot });

/** The payment was refused after the stock was taken; the unit went back. */
export const MembershipOrderCancelled = defineEvent({
  ...ORDER,
  type: 'MembershipOrderCancelled',
  schema: z.object({ orderId: z.string(), memberId: z.string(), reason: z.string(), at: z.string() }),
});

/** Paid: the order the member sees. The role grant follows (inline, and by a reactor after a crash). */
export const MembershipPurchased = defineEvent({
  ...ORDER,
  type: 'MembershipPurchased',
  schema: orderSnapshot.extend({ paidAt: z.string() }),
});

/** Identity granted or extended the role; `validUntil` null: the member holds the role for good. */
export const MembershipRoleGranted = defineEvent({
  ...ORDER,
  type: 'MembershipRoleGranted',
  schema: z.object({
    orderId: z.string(),
    memberId: z.string(),
    orderNumber: z.string(),
    roleId: z.string(),
    validUntil: z.string().nullable(),
  }),
});

export type MembershipCardEvent = EventOf<typeof MembershipCardCreated> | EventOf<typeof MembershipCardChanged>;
export type MembershipStockEvent = EventOf<typeof MembershipStockChanged>;
export type MembershipOrderEvent =
  | EventOf<typeof MembershipOrderPlaced>
  | EventOf<typeof MembershipOrderCancelled>
  | EventOf<typeof MembershipPurchased>
  | EventOf<typeof MembershipRoleGranted>;

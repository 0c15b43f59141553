import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const WALLET = { context: 'wallet', aggregate: 'wallet' } as const;

/**
 * A leg of a cross-wallet move, credited after the debit that carries the plan. The debit is the durable record
 * of the whole move: a reactor completes any leg a crash left undone (each leg has its own operation id).
 */
const transferLeg = z.object({
  memberId: z.string(),
  amount: z.number().int().positive(),
  module: z.number().int(),
  remark: z.string(),
});

export const transferPlanSchema = z.object({
  transferId: z.string(),
  legs: z.array(transferLeg).min(1),
});

export type TransferPlan = z.infer<typeof transferPlanSchema>;

/**
 * Every movement is one ledger entry of one wallet (stream `wallet-<memberId>`, or `wallet-platform`):
 * `operationId` is its idempotency key (one entry per operation, ever), `amount` is positive (the event type
 * gives the direction), integer fen or points. `serial` is the entry's unique, human-readable number; the
 * balances after the entry are carried so a reader never sums, and the audit checks them against a replay.
 */
const entry = {
  memberId: z.string(),
  operationId: z.string(),
  module: z.number().int(),
  amount: z.number().int().positive(),
  remark: z.string(),
  serial: z.string(),
  at: z.string(),
  /** What the entry is about (a payment intent, a topic, a transfer), for lists and support. */
  reference: z.string().nullable().default(null),
  /** Set on the credit legs of a transfer: the transfer they complete. */
  transferId: z.string().nullable().default(null),
};

const balances = { availableAfter: z.number().int().min(0), frozenAfter: z.number().int().min(0) };

export const BalanceCredited = defineEvent({
  ...WALLET,
  type: 'BalanceCredited',
  schema: z.object({ ...entry, ...balances }),
});

export const BalanceDebited = defineEvent({
  ...WALLET,
  type: 'BalanceDebited',
  schema: z.object({ ...entry, ...balances, transfer: transferPlanSchema.nullable().default(null) }),
});

/** Held for a bounty or an envelope: available → frozen. */
export const BalanceFrozen = defineEvent({
  ...WALLET,
  type: 'BalanceFrozen',
  schema: z.object({ ...entry, ...balances }),
});

/** A hold given back: frozen → available (a refund of an envelope's or a bounty's unused part). */
export const FrozenBalanceReleased = defineEvent({
  ...WALLET,
  type: 'FrozenBalanceReleased',
  schema: z.object({ ...entry, ...balances }),
});

/** A hold paid out (an envelope share claimed, a bounty awarded): frozen → the plan's legs. */
export const FrozenBalanceSpent = defineEvent({
  ...WALLET,
  type: 'FrozenBalanceSpent',
  schema: z.object({ ...entry, ...balances, transfer: transferPlanSchema.nullable().default(null) }),
});

const pointsAfter = { pointsAfter: z.number().int().min(0) };

export const PointsCredited = defineEvent({
  ...WALLET,
  type: 'PointsCredited',
  schema: z.object({ ...entry, ...pointsAfter }),
});

export const PointsDebited = defineEvent({
  ...WALLET,
  type: 'PointsDebited',
  schema: z.object({ ...entry, ...pointsAfter, transfer: transferPlanSchema.nullable().default(null) }),
});

export type WalletEvent =
  | EventOf<typeof BalanceCredited>
  | EventOf<typeof BalanceDebited>
  | EventOf<typeof BalanceFrozen>
  | EventOf<typeof FrozenBalanceReleased>
  | EventOf<typeof FrozenBalanceSpent>
  | EventOf<typeof PointsCredited>
  | EventOf<typeof PointsDebited>;

export const BALANCE_EVENT_TYPES = [
  'BalanceCredited',
  'BalanceDebited',
  'BalanceFrozen',
  'FrozenBalanceReleased',
  'FrozenBalanceSpent',
] as const;

/**
 * Module codes of ledger entries (docs/rules/wallet.md): the original forum's codes, so the member's balance and points
 * screens read the same. Clients translate them; the numbers never change.
 */
export const BALANCE_MODULES = {
  membershipCard: 1,
  recharge: 5,
  paidUnlock: 70,
  unlockIncome: 80,
  bountyHeld: 90,
  bountyAwarded: 100,
  bountyAdjusted: 110,
  envelopeSent: 120,
  envelopeReceived: 130,
  envelopeRefund: 140,
  bountyRefund: 150,
  staffAdjustment: 160,
} as const;

export const POINTS_MODULES = {
  topic: 100,
  comment: 200,
  reply: 300,
  paidUnlock: 400,
  membershipCard: 500,
  staffAdjustment: 600,
  question: 700,
  answer: 800,
  answerReply: 900,
  bountyHeld: 1000,
  bountyAwarded: 1100,
  bountyAdjusted: 1200,
  bountyRefund: 1300,
} as const;

export type BalanceModule = (typeof BALANCE_MODULES)[keyof typeof BALANCE_MODULES];
export type PointsModule = (typeof POINTS_MODULES)[keyof typeof POINTS_MODULES];

/** The wallet of the platform itself (its revenue: shares of paid unlocks and bounties), stream `wallet-platform`. */
export const PLATFORM_WALLET_ID = 'platform';

/**
 * Where held bounty points wait (ADR 0017): wallets have no frozen points, so a points bounty moves from the asker
 * to this wallet when held and from it to the answerer (or back) later; every point stays in some wallet.
 */
export const BOUNTY_ESCROW_WALLET_ID = 'bounty-escrow';

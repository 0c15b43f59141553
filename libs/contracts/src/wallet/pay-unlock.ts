import { z } from 'zod';

/**
 * `wallet.payUnlock` (a peer command the wallet answers, docs/architecture.md): the forum asks the wallet to move a
 * paid unlock's price from the reader to the author (type 40: points; type 50: fen, minus the platform share).
 * The transfer id is derived from what is bought, so one (topic, reader, type) is paid at most once, whoever asks
 * and however often.
 */
export const PAY_UNLOCK = 'wallet.payUnlock' as const;

export const payUnlockInput = z.strictObject({
  topicId: z.string().min(1).max(64),
  readerId: z.string().min(1).max(64),
  authorId: z.string().min(1).max(64),
  type: z.union([z.literal(40), z.literal(50)]),
  /** Points (type 40) or fen (type 50). */
  price: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type PayUnlockInput = z.infer<typeof payUnlockInput>;

export interface PayUnlockResult {
  transferId: string;
  /** What the reader paid (on a repeat: what the first call paid). */
  paid: number;
  /** What the author received; the rest went to the platform wallet. */
  authorReceived: number;
}

const PREFIX = 'unlock';

export function unlockTransferId(topicId: string, readerId: string, type: 40 | 50): string {
  return `${PREFIX}:${topicId}:${readerId}:${type}`;
}

/** The purchase a transfer id names, or null when the transfer is not a paid unlock. */
export function parseUnlockTransferId(transferId: string): { topicId: string; readerId: string; type: 40 | 50 } | null {
  const parts = transferId.split(':');
  if (parts.length !== 4 || parts[0] !== PREFIX || (parts[3] !== '40' && parts[3] !== '50')) return null;
  return { topicId: parts[1]!, readerId: parts[2]!, type: Number(parts[3]) as 40 | 50 };
}

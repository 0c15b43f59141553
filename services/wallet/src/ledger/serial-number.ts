import { createHash } from 'node:crypto';

/**
 * A ledger entry's serial number: the entry's date (UTC, `yyyyMMdd`), ten digits naming the wallet (from a hash
 * of its id) and the entry's position in that wallet (eight digits). Digits only, so it reads well on a screen
 * and over the phone; derived from the entry itself, so a replay gives the same number. Two entries of one wallet
 * never share it (their positions differ); the audit checks that no two wallets' numbers collide.
 */
export function serialNumber(walletId: string, entryNumber: number, at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  const wallet = (createHash('sha256').update(walletId).digest().readBigUInt64BE(0) % 10_000_000_000n)
    .toString()
    .padStart(10, '0');
  return `${day}${wallet}${String(entryNumber).padStart(8, '0')}`;
}

import type { INestApplicationContext } from '@nestjs/common';
import { BALANCE_MODULES, newId, POINTS_MODULES } from '@forum/contracts';
import { contextDb } from '@forum/platform';
import { auditLedgers } from './audit/ledger-audit';
import type { AuditOptions, AuditReport } from './audit/ledger-audit';
import { Ledger } from './ledger/ledger';
import { WALLET_ACCOUNTS } from './ledger/ledger.projection';
import type { WalletAccountDocument } from './ledger/ledger.projection';

/**
 * What the wallet offers other contexts' tests, in-process (loaded by `@forum/testing`'s context registry, never
 * imported by another service): money and points as a staff adjustment gives them, by the system actor (no staff
 * account needed), a wallet's balances as the ledger projection keeps them, and the ledger audit.
 */
export async function creditWallet(
  app: INestApplicationContext,
  walletId: string,
  { fen = 0, points = 0, remark = 'test funds' }: { fen?: number; points?: number; remark?: string },
): Promise<void> {
  const ledger = app.get(Ledger);
  const base = { walletId, remark, now: new Date() };
  const meta = () => ({ actor: { kind: 'system' as const, id: null }, now: new Date(), correlationId: newId() });
  if (points > 0)
    await ledger.record(
      { ...base, type: 'CreditPoints', operationId: newId(), module: POINTS_MODULES.staffAdjustment, amount: points },
      meta(),
    );
  if (fen > 0)
    await ledger.record(
      { ...base, type: 'Credit', operationId: newId(), module: BALANCE_MODULES.staffAdjustment, amount: fen },
      meta(),
    );
}

export async function walletAccount(
  app: INestApplicationContext,
  walletId: string,
): Promise<WalletAccountDocument | null> {
  return contextDb(app, 'wallet').collection<WalletAccountDocument>(WALLET_ACCOUNTS).findOne({ _id: walletId });
}

export function auditWalletLedgers(app: INestApplicationContext, options: AuditOptions = {}): Promise<AuditReport> {
  return auditLedgers(contextDb(app, 'wallet'), options);
}

import { randomUUID } from 'node:crypto';
import type { LedgerAuditReport, WalletView } from '@forum/contracts';
import { MEMBER_PROFILES } from '@forum/platform';
import { memberAccount, staffAccount } from './accounts';
import { walletSeams } from './contexts';
import type { ContextRef } from './contexts';
import { eventually } from './eventually';
import { startTestApp } from './test-app';
import type { TestApp } from './test-app';

/** The wallet's test seams, whose inputs and answers are the wallet's own (not public read views). */
type WalletSeams = Awaited<ReturnType<typeof walletSeams>>;
type WalletAccountDocument = Awaited<ReturnType<WalletSeams['walletAccount']>>;
type LedgerAuditOptions = Parameters<WalletSeams['auditWalletLedgers']>[1];

export interface WalletFixture {
  t: TestApp;
  staffId: string;
  /** A real member (registered through identity) whom the wallet knows. */
  member(): Promise<string>;
  /** A staff adjustment through the API; the key defaults to a fresh one. */
  adjust(memberId: string, body: object, key?: string): ReturnType<TestApp['client']['post']>;
  wallet(memberId: string): Promise<WalletView>;
}

/** Identity and the wallet, with an administrator the wallet's permission copy already knows. */
export async function startWallet(extra: ContextRef[] = []): Promise<WalletFixture> {
  const t = await startTestApp(['identity', 'wallet', ...extra]);
  const staffId = await staffAccount(t.app, `wallet_admin_${Date.now().toString(36)}`, {
    contexts: ['wallet'],
    permission: 'money.adjust',
  });
  let accounts = 0;
  return {
    t,
    staffId,
    async member() {
      const memberId = await memberAccount(t.app, `w${Date.now().toString(36)}${accounts++}`);
      const profiles = t.db('wallet').collection<{ _id: string }>(MEMBER_PROFILES);
      await eventually(async () => expect(await profiles.findOne({ _id: memberId })).not.toBeNull());
      return memberId;
    },
    adjust(memberId, body, key = randomUUID()) {
      return t.client
        .as(staffId, 'staff')
        .withHeaders({ 'idempotency-key': key })
        .post(`/api/wallet/accounts/${memberId}/adjustments`, body as Record<string, unknown>);
    },
    async wallet(memberId) {
      return (await t.client.as(memberId).get<WalletView>('/api/wallet/me')).body;
    },
  };
}

/** Money (fen) and points for a member, as a staff adjustment gives them, by the system actor (the wallet's seam). */
export async function creditWallet(
  t: TestApp,
  walletId: string,
  funds: { fen?: number; points?: number; remark?: string },
): Promise<void> {
  await (await walletSeams()).creditWallet(t.app, walletId, funds);
}

/** A wallet's balances as the wallet's ledger projection keeps them (also the escrow and platform wallets). */
export async function walletAccount(t: TestApp, walletId: string): Promise<WalletAccountDocument> {
  return (await walletSeams()).walletAccount(t.app, walletId);
}

/** The wallet's ledger audit (ADR 0011) over the app's wallet database. */
export async function auditWalletLedgers(t: TestApp, options: LedgerAuditOptions = {}): Promise<LedgerAuditReport> {
  return (await walletSeams()).auditWalletLedgers(t.app, options);
}

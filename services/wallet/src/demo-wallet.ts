import type { INestApplicationContext } from '@nestjs/common';
import { BALANCE_MODULES, newId, POINTS_MODULES } from '@forum/contracts';
import { Ledger } from './ledger/ledger';
import { Recharges } from './payments/recharges';
import { SandboxGateway } from './payments/sandbox/sandbox-gateway';

/**
 * The demo member's wallet: a 100.00 yuan recharge paid through the sandbox gateway and settled at once, and 100
 * points from staff. Idempotent, so an
 * interrupted seed may run again.
 */
export async function seedDemoWallet(app: INestApplicationContext, memberId: string): Promise<void> {
  const meta = () => ({ actor: { kind: 'member' as const, id: memberId }, now: new Date(), correlationId: newId() });
  const { intentId } = await app
    .get(Recharges)
    .start(memberId, 10_000, 'sandbox', { ...meta(), idempotencyKey: 'demo-seed:recharge' });
  const trade = await app.get(SandboxGateway).decide(intentId, 'pay');
  // Settled here as the reconciliation job would (asking the gateway): the seed does not wait for the notify, which
  // needs the server listening and so never comes in a test app; when it does come, it finds the intent settled.
  if (trade?.status === 'paid' && trade.tradeNo) {
    await app
      .get(Recharges)
      .settle({ intentId, status: 'paid', amount: trade.amount, tradeNo: trade.tradeNo }, 'reconciliation', new Date());
  }
  await app.get(Ledger).record(
    {
      type: 'CreditPoints',
      walletId: memberId,
      operationId: 'demo-seed:points',
      module: POINTS_MODULES.staffAdjustment,
      amount: 100,
      remark: 'Demo points',
      now: new Date(),
    },
    { ...meta(), actor: { kind: 'system', id: null } },
  );
}

/**
 * Money for the demo's red envelope (a topic by another account with an open random envelope the demo member can
 * claim): 200.00 yuan credited by staff to `senderId`, once.
 */
export async function seedDemoEnvelopeFunds(app: INestApplicationContext, senderId: string): Promise<void> {
  await app.get(Ledger).record(
    {
      type: 'Credit',
      walletId: senderId,
      operationId: 'demo-seed:envelope-funds',
      module: BALANCE_MODULES.staffAdjustment,
      amount: 20_000,
      remark: 'Demo funds for a red envelope',
      now: new Date(),
    },
    { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
    { waitForReadModel: true },
  );
}

/**
 * Money for the second demo member (who buys a day card and a paid block, so the console shows platform revenue):
 * 50.00 yuan credited by staff to `readerId`, once.
 */
export async function seedDemoReaderFunds(app: INestApplicationContext, readerId: string): Promise<void> {
  await app.get(Ledger).record(
    {
      type: 'Credit',
      walletId: readerId,
      operationId: 'demo-seed:reader-funds',
      module: BALANCE_MODULES.staffAdjustment,
      amount: 5_000,
      remark: 'Demo funds',
      now: new Date(),
    },
    { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
    { waitForReadModel: true },
  );
}

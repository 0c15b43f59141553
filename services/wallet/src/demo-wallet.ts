import type { INestApplicationContext } from '@nestjs/common';
import { newId, POINTS_MODULES } from '@forum/contracts';
import { Ledger } from './ledger/ledger';
import { Recharges } from './payments/recharges';
import { SandboxGateway } from './payments/sandbox/sandbox-gateway';

/**
 * The demo member's wallet: a 100.00 yuan recharge paid through the sandbox gateway (its signed notify credits
 * the balance a moment later, or the reconciliation job does) and 100 points from staff. Idempotent, so an
 * interrupted seed may run again.
 */
export async function seedDemoWallet(app: INestApplicationContext, memberId: string): Promise<void> {
  const meta = () => ({ actor: { kind: 'member' as const, id: memberId }, now: new Date(), correlationId: newId() });
  const { intentId } = await app
    .get(Recharges)
    .start(memberId, 10_000, 'sandbox', { ...meta(), idempotencyKey: 'demo-seed:recharge' });
  await app.get(SandboxGateway).decide(intentId, 'pay');
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

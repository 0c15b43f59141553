import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { contextDb, PERMISSION_ROLES } from '@forum/platform';
import { WALLET_ACCOUNTS, WalletAccountDocument } from '../ledger/ledger.projection';
import { WalletModule } from '../wallet.module';
import { loadCard, MembershipCards } from './membership-cards';
import { MEMBERSHIP_ORDERS } from './membership.projection';
import type { MembershipOrderDocument } from './membership.projection';
import { MembershipPurchases } from './membership-purchases';

const MONTHLY_PRICE = 3000;
const DAY_PRICE = 500;

/** Asks `check` every 200 ms for up to a minute. */
async function arrived(check: () => Promise<boolean>): Promise<boolean> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * The demo card: "VIP" with a monthly, a yearly, a 3-hour and a day specification, the demo member's order of the
 * monthly one (paid from the demo recharge once it is credited) and, when `readerId` is given, that member's order
 * of the day pass (paid from their balance). `roleId` is a member role identity defined for it. Idempotent through
 * its keys, so an interrupted seed may run again.
 */
export async function seedDemoMembership(
  app: INestApplicationContext,
  { staffId, memberId, roleId, readerId }: { staffId: string; memberId: string; roleId: string; readerId?: string },
): Promise<void> {
  const wallet = app.select(WalletModule);
  const db = contextDb(app, 'wallet');
  const meta = (actor: CommandMetadata['actor'], key: string): CommandMetadata => ({
    actor,
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: key,
  });
  const roleKnown = await arrived(
    async () => (await db.collection<{ _id: string }>(PERMISSION_ROLES).findOne({ _id: roleId })) !== null,
  );
  if (!roleKnown) throw new Error('demo membership: the wallet never saw the VIP role');
  const cardId = await wallet.get(MembershipCards).create(
    {
      name: 'VIP 会员卡 · VIP card',
      subtitle: '畅享全部功能 · Every feature, no limits',
      introduction: '购买后获得 VIP 角色；续费从当前到期时间顺延。Buying grants the VIP role; renewing extends it.',
      descriptionTags: ['VIP', 'AI', '尊享'],
      onSale: true,
      roleId,
      specifications: [
        {
          name: '月卡 · Monthly',
          price: MONTHLY_PRICE,
          points: 0,
          marketPrice: 4500,
          duration: 1,
          unit: 'month',
          enabled: true,
          stock: 100,
        },
        {
          name: '年卡 · Yearly',
          price: 28_800,
          points: 100,
          marketPrice: 54_000,
          duration: 1,
          unit: 'year',
          enabled: true,
          stock: 20,
        },
        {
          name: '3 小时体验 · 3-hour trial',
          price: 100,
          points: 0,
          marketPrice: 300,
          duration: 3,
          unit: 'hour',
          enabled: true,
          stock: 500,
        },
        {
          name: '日卡 · Day pass',
          price: DAY_PRICE,
          points: 0,
          marketPrice: 800,
          duration: 1,
          unit: 'day',
          enabled: true,
          stock: 200,
        },
      ],
    },
    meta({ kind: 'staff', id: staffId }, 'demo-seed:membership-card'),
  );
  const card = (await loadCard(new EventStore('wallet', db), cardId))!;
  if (readerId) {
    const dayPass = card.specifications.find((spec) => spec.unit === 'day')!;
    await wallet
      .get(MembershipPurchases)
      .purchase(readerId, cardId, dayPass.specId, meta({ kind: 'member', id: readerId }, 'demo-seed:membership-day'));
  }
  // The demo recharge is credited before this (the wallet seed settles it); without it the demo simply has no order.
  // A second run finds the order made by the first (and the balance it spent): nothing to wait for.
  const funded = await arrived(
    async () =>
      (await db.collection<MembershipOrderDocument>(MEMBERSHIP_ORDERS).findOne({ memberId, cardId })) !== null ||
      ((await db.collection<WalletAccountDocument>(WALLET_ACCOUNTS).findOne({ _id: memberId }))?.available ?? 0) >=
        MONTHLY_PRICE,
  );
  if (!funded) {
    new Logger('DemoSeed').warn('demo membership: the demo recharge was not credited in time; no demo order');
    return;
  }
  await wallet
    .get(MembershipPurchases)
    .purchase(
      memberId,
      cardId,
      card.specifications[0]!.specId,
      meta({ kind: 'member', id: memberId }, 'demo-seed:membership-order'),
    );
}

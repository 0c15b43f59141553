import { randomUUID } from 'node:crypto';
import { fenToYuan, newId } from '@forum/contracts';
import type { BalanceEntryView, CommandMetadata, ErrorBody, Page, PointsEntryView } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { PERMISSION_ROLES } from '@forum/platform';
import { defineRole, eventually, startWallet, WalletFixture } from '@forum/testing';
import type { AuditReport } from '../audit/ledger-audit';
import { walletStream } from '../ledger/wallet.decider';
import { operationKey } from '../ledger/ledger';
import { WalletModule } from '../wallet.module';
import { seedDemoMembership } from './demo-membership';
import { membershipOrderDecider, orderStream } from './membership-order.decider';
import { membershipPaymentDecider, paymentOperation } from './membership-payment.decider';
import { orderNumber } from './membership-purchases';
import { membershipStockDecider, stockStream } from './membership-stock.decider';
import type { CardView, OrderView } from './membership.reader';

interface MemberRole {
  roleId: string;
  validUntil: string | null;
  expired: boolean;
}

const HOUR = 3_600_000;

// A busy shared machine: every purchase waits for read models over Kafka.
jest.setTimeout(180_000);

describe('membership cards: staff cards, purchases, stock, role grants', () => {
  let w: WalletFixture;
  let roleId: string;

  beforeAll(async () => {
    w = await startWallet();
    // Defined through identity's command: its answer does not wait for a read model, which lags on a busy machine.
    roleId = await defineRole(w.t.app, w.staffId, {
      name: `VIP ${Date.now().toString(36)}`,
      kind: 'member',
      isDefault: false,
      permissions: [{ permission: 'topic.view', tagIds: null }],
    });
    const roles = w.t.db('wallet').collection<{ _id: string }>(PERMISSION_ROLES);
    await eventually(async () => expect(await roles.findOne({ _id: roleId })).not.toBeNull(), { timeoutMs: 90_000 });
    // Two contexts, their consumers and a staff account: slow on a busy machine.
  }, 240_000);
  afterAll(() => w?.t.close());

  const staff = () => w.t.client.as(w.staffId, 'staff');

  const spec = (overrides: Record<string, unknown> = {}) => ({
    name: 'One month',
    price: '30.00',
    points: 0,
    marketPrice: '45.00',
    duration: 1,
    unit: 'month',
    enabled: true,
    stock: 100,
    ...overrides,
  });

  const createCard = async (overrides: Record<string, unknown> = {}): Promise<CardView> => {
    const response = await staff().post<CardView>('/api/wallet/staff/membership-cards', {
      name: 'Gold card',
      subtitle: 'For regular readers',
      introduction: 'Read every tag.',
      descriptionTags: ['ad-free', 'badge'],
      onSale: true,
      roleId,
      specifications: [spec()],
      ...overrides,
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  /** A saved card as the body of an edit (prices back to yuan text). */
  const bodyOf = (card: CardView, overrides: Record<string, unknown> = {}) => ({
    name: card.name,
    subtitle: card.subtitle,
    introduction: card.introduction,
    descriptionTags: card.descriptionTags,
    onSale: card.onSale,
    roleId: card.roleId,
    specifications: card.specifications.map((s) => ({
      specId: s.specId,
      name: s.name,
      price: s.price ? fenToYuan(s.price) : null,
      points: s.points,
      marketPrice: s.marketPrice ? fenToYuan(s.marketPrice) : null,
      duration: s.duration,
      unit: s.unit,
      enabled: s.enabled,
    })),
    ...overrides,
  });

  const fund = async (memberId: string, fen: number, points = 0) => {
    if (fen) expect((await w.adjust(memberId, { kind: 'balance', amount: fen, reason: 'test' })).status).toBe(200);
    if (points) expect((await w.adjust(memberId, { kind: 'points', amount: points, reason: 'test' })).status).toBe(200);
  };

  const buy = (memberId: string, card: CardView, specIndex = 0, key?: string) => {
    const client = w.t.client.as(memberId);
    return (key ? client.withHeaders({ 'idempotency-key': key }) : client).post<OrderView & ErrorBody>(
      `/api/wallet/membership-cards/${card.cardId}/specifications/${card.specifications[specIndex]!.specId}/purchase`,
    );
  };

  const roleOf = async (memberId: string) => {
    const roles = await staff().get<MemberRole[]>(`/api/identity/members/${memberId}/roles`);
    return roles.body.find((role) => role.roleId === roleId);
  };

  const stockOf = async (card: CardView, specIndex = 0) =>
    (await staff().get<CardView>(`/api/wallet/staff/membership-cards/${card.cardId}`)).body.specifications[specIndex]!
      .stock;

  const orders = async (memberId: string) =>
    (await w.t.client.as(memberId).get<Page<OrderView>>('/api/wallet/me/membership-orders?pageSize=100')).body;

  const audit = async () => {
    const response = await staff().post<AuditReport>('/api/wallet/audit');
    expect(response.status).toBe(200);
    return response.body;
  };

  it('lets staff create a card with specifications; everyone sees it on sale with its enabled specifications', async () => {
    const card = await createCard({
      specifications: [
        spec(),
        spec({ name: 'Points week', price: null, points: 200, duration: 7, unit: 'day', stock: 5 }),
        spec({ name: 'Hidden', enabled: false }),
      ],
    });
    expect(card).toMatchObject({
      name: 'Gold card',
      onSale: true,
      roleId,
      descriptionTags: ['ad-free', 'badge'],
      specifications: [
        { name: 'One month', price: 3000, points: 0, marketPrice: 4500, duration: 1, unit: 'month', stock: 100 },
        { name: 'Points week', price: 0, points: 200, marketPrice: 4500, stock: 5 },
        { name: 'Hidden', enabled: false },
      ],
    });
    const shown = await w.t.client.get<CardView>(`/api/wallet/membership-cards/${card.cardId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.specifications.map((s) => s.name)).toEqual(['One month', 'Points week']);
    const list = await w.t.client.get<Page<CardView>>('/api/wallet/membership-cards?pageSize=100');
    expect(list.body.items.some((item) => item.cardId === card.cardId)).toBe(true);

    const hidden = await createCard({ name: 'Draft card', onSale: false });
    expect((await w.t.client.get(`/api/wallet/membership-cards/${hidden.cardId}`)).status).toBe(404);
    const all = await staff().get<Page<CardView>>('/api/wallet/staff/membership-cards?onSale=false&pageSize=100');
    expect(all.body.items.map((item) => item.cardId)).toContain(hidden.cardId);
  });

  it('refuses bad cards: no price at all, unknown fields, a role that is not a member role, non-staff', async () => {
    const bad = async (body: Record<string, unknown>, status = 400) => {
      const response = await staff().post<ErrorBody>('/api/wallet/staff/membership-cards', {
        name: 'Bad',
        onSale: true,
        roleId,
        specifications: [spec()],
        ...body,
      });
      expect(response.status).toBe(status);
      return response.body;
    };
    await bad({ specifications: [spec({ price: null, points: 0 })] });
    await bad({ specifications: [spec({ price: '-1' })] });
    await bad({ specifications: [spec({ unit: 'week' })] });
    await bad({ specifications: [] });
    await bad({ color: 'gold' });
    expect((await bad({ roleId: 'administrator' })).code).toBe('wallet.membership_role_invalid');
    const member = await w.member();
    const refused = await w.t.client.as(member).post('/api/wallet/staff/membership-cards', { name: 'x' });
    expect(refused.status).toBe(403);
  });

  it('sells a card for balance: the order, the ledger entry (module 1), the role; a second purchase extends it', async () => {
    const card = await createCard();
    const memberId = await w.member();
    await fund(memberId, 10_000);
    const before = Date.now();
    const first = await buy(memberId, card);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      cardName: 'Gold card',
      specName: 'One month',
      amount: 3000,
      points: 0,
      quantity: 1,
      duration: 1,
      unit: 'month',
      roleGranted: true,
    });
    expect(first.body.orderNumber).toMatch(/^\d{24}$/);
    // The role counts at once: one month from now.
    const granted = await roleOf(memberId);
    expect(granted?.expired).toBe(false);
    const end = new Date(granted!.validUntil!).getTime();
    expect(end).toBeGreaterThan(before + 27 * 24 * HOUR);
    expect(end).toBeLessThan(Date.now() + 32 * 24 * HOUR);
    expect(first.body.validUntil).toBe(granted!.validUntil);

    const second = await buy(memberId, card);
    expect(second.status).toBe(200);
    const extended = new Date((await roleOf(memberId))!.validUntil!);
    // From the current end, not from now: one more month on top (month lengths aside).
    expect(extended.getTime()).toBeGreaterThan(end + 27 * 24 * HOUR);
    expect(second.body.validUntil).toBe(extended.toISOString());

    expect(await w.wallet(memberId)).toMatchObject({ available: 4000 });
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.items.slice(0, 2).map((e) => [e.module, e.amount])).toEqual([
      [1, -3000],
      [1, -3000],
    ]);
    const mine = await orders(memberId);
    expect(mine.total).toBe(2);
    expect(mine.items.map((o) => o.orderNumber)).toEqual([second.body.orderNumber, first.body.orderNumber]);
    expect(await stockOf(card)).toBe(98);
    const staffOrders = await staff().get<Page<OrderView>>(`/api/wallet/staff/membership-orders?memberId=${memberId}`);
    expect(staffOrders.body.total).toBe(2);
  });

  it('sells for points (module 500) and for both at once, all or nothing', async () => {
    const card = await createCard({
      specifications: [
        spec({ price: null, points: 500, duration: 2, unit: 'hour' }),
        spec({ price: '1.00', points: 100 }),
      ],
    });
    const memberId = await w.member();
    await fund(memberId, 50, 600);
    const byPoints = await buy(memberId, card, 0);
    expect(byPoints.status).toBe(200);
    expect(byPoints.body).toMatchObject({ amount: 0, points: 500, duration: 2, unit: 'hour' });
    const points = await w.t.client.as(memberId).get<Page<PointsEntryView>>('/api/wallet/me/points-entries');
    expect(points.body.items[0]).toMatchObject({ module: 500, amount: -500 });
    // 100 points left but only 0.50 yuan: refused, nothing taken.
    const both = await buy(memberId, card, 1);
    expect(both.status).toBe(409);
    expect(both.body.code).toBe('wallet.insufficient_balance');
    expect(await w.wallet(memberId)).toMatchObject({ available: 50, points: 100 });
    expect(await stockOf(card, 1)).toBe(100);
  });

  it('refuses without funds, off sale, a disabled or unknown specification, and writes nothing', async () => {
    const card = await createCard({ specifications: [spec({ stock: 3 }), spec({ name: 'Off', enabled: false })] });
    const memberId = await w.member();
    await fund(memberId, 2999);
    const poor = await buy(memberId, card);
    expect(poor.status).toBe(409);
    expect(poor.body.code).toBe('wallet.insufficient_balance');
    const pointsCard = await createCard({ specifications: [spec({ price: null, points: 10 })] });
    expect((await buy(memberId, pointsCard)).body.code).toBe('wallet.insufficient_points');
    expect((await buy(memberId, card, 1)).body.code).toBe('wallet.membership_spec_disabled');
    const unknown = await w.t.client
      .as(memberId)
      .post<ErrorBody>(`/api/wallet/membership-cards/${card.cardId}/specifications/${randomUUID()}/purchase`);
    expect(unknown.body.code).toBe('wallet.membership_spec_not_found');
    const junk = await w.t.client
      .as(memberId)
      .post<ErrorBody>(`/api/wallet/membership-cards/not-a-card/specifications/x/purchase`);
    expect(junk.status).toBe(404);

    await fund(memberId, 1);
    const offSale = await staff().request(
      'PATCH',
      `/api/wallet/staff/membership-cards/${card.cardId}`,
      bodyOf(card, { onSale: false }),
    );
    expect(offSale.status).toBe(200);
    expect((await buy(memberId, card)).body.code).toBe('wallet.membership_card_off_sale');
    expect(await stockOf(card)).toBe(3);
    expect(await w.wallet(memberId)).toMatchObject({ available: 3000 });
    expect((await orders(memberId)).total).toBe(0);
    expect((await w.t.client.get(`/api/wallet/membership-cards/${card.cardId}`)).status).toBe(404);
  });

  it('buys once per Idempotency-Key, and staff add stock without racing purchases', async () => {
    const card = await createCard({ specifications: [spec({ stock: 1 })] });
    const memberId = await w.member();
    await fund(memberId, 10_000);
    const key = randomUUID();
    const [a, b] = await Promise.all([buy(memberId, card, 0, key), buy(memberId, card, 0, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect(await w.wallet(memberId)).toMatchObject({ available: 7000 });
    const soldOut = await buy(memberId, card);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.code).toBe('wallet.membership_sold_out');
    const specId = card.specifications[0]!.specId;
    const added = await staff().post<CardView>(
      `/api/wallet/staff/membership-cards/${card.cardId}/specifications/${specId}/stock`,
      { change: 2 },
    );
    expect(added.body.specifications[0]!.stock).toBe(2);
    const tooMuch = await staff().post<ErrorBody>(
      `/api/wallet/staff/membership-cards/${card.cardId}/specifications/${specId}/stock`,
      { change: -3 },
    );
    expect(tooMuch.body.code).toBe('wallet.membership_stock_negative');
    expect((await buy(memberId, card)).status).toBe(200);
  });

  it('finishes a purchase a crash interrupted after the payment: the order is paid and the role granted', async () => {
    const card = await createCard();
    const memberId = await w.member();
    await fund(memberId, 5000);
    const store = w.t.app.select(WalletModule).get(EventStore);
    const now = new Date();
    const meta: CommandMetadata = { actor: { kind: 'member', id: memberId }, now, correlationId: newId() };
    const orderId = randomUUID();
    const { cardId } = card;
    const { specId } = card.specifications[0]!;
    await store.handle(membershipStockDecider, stockStream(specId), { type: 'Take', cardId, specId, orderId }, meta);
    const order = {
      orderId,
      orderNumber: orderNumber(orderId, now),
      memberId,
      cardId,
      specId,
      cardName: card.name,
      specName: 'One month',
      roleId,
      roleName: card.roleName,
      amount: 3000,
      points: 0,
      quantity: 1 as const,
      duration: 1,
      unit: 'month' as const,
      at: now.toISOString(),
    };
    await store.handle(membershipOrderDecider, orderStream(orderId), { type: 'Place', order }, meta);
    await store.handle(
      membershipPaymentDecider,
      walletStream(memberId),
      { walletId: memberId, orderId, amount: 3000, points: 0, remark: 'crash', now },
      { ...meta, idempotencyKey: operationKey(paymentOperation(orderId)) },
    );
    // …and the process died here. The reactor completes it from the payment's event.
    await eventually(
      async () => expect((await orders(memberId)).items[0]).toMatchObject({ orderId, roleGranted: true }),
      {
        timeoutMs: 20_000,
      },
    );
    expect((await roleOf(memberId))?.expired).toBe(false);
    expect(await w.wallet(memberId)).toMatchObject({ available: 2000 });
  });

  it('seeds the demo card with its month, year, hour and day specifications and the demo member’s order, once however often it runs', async () => {
    const memberId = await w.member();
    await fund(memberId, 5000);
    await seedDemoMembership(w.t.app, { staffId: w.staffId, memberId, roleId });
    await seedDemoMembership(w.t.app, { staffId: w.staffId, memberId, roleId });
    const mine = await orders(memberId);
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ roleGranted: true, amount: 3000, unit: 'month' });
    const card = await w.t.client.get<CardView>(`/api/wallet/membership-cards/${mine.items[0]!.cardId}`);
    expect(card.body.specifications.map((specification) => specification.unit)).toEqual([
      'month',
      'year',
      'hour',
      'day',
    ]);
    expect(await w.wallet(memberId)).toMatchObject({ available: 2000 });
  }, 420_000);

  it('never oversells: 200 concurrent purchases of a stock of 50 make exactly 50 orders, charged once each', async () => {
    const card = await createCard({ specifications: [spec({ price: '1.00', stock: 50, duration: 1, unit: 'day' })] });
    const members = [];
    for (let batch = 0; batch < 4; batch++)
      members.push(...(await Promise.all(Array.from({ length: 10 }, () => w.member()))));
    // 40 members, 5 attempts each, everyone able to pay for all 5.
    for (const memberId of members) await fund(memberId, 500);
    const started = Date.now();
    const answers = await Promise.all(
      members.flatMap((memberId) => Array.from({ length: 5 }, () => buy(memberId, card))),
    );
    const elapsed = Date.now() - started;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'wallet.membership_sold_out')).toBe(
      true,
    );
    expect(await stockOf(card)).toBe(0);
    const wallets = await Promise.all(members.map((memberId) => w.wallet(memberId)));
    expect(wallets.reduce((sum, wallet) => sum + (500 - wallet.available), 0)).toBe(50 * 100);
    const all = await staff().get<Page<OrderView>>(
      `/api/wallet/staff/membership-orders?cardId=${card.cardId}&pageSize=100`,
    );
    expect(all.body.total).toBe(50);
    expect(new Set(all.body.items.map((order) => order.orderNumber)).size).toBe(50);
    const report = await audit();
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    console.info(`200 concurrent purchases of stock 50: ${elapsed} ms`);
  }, 300_000);
});

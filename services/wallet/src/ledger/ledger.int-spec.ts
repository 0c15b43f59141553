import { errorMessages, PLATFORM_WALLET_ID, POINTS_MODULES } from '@forum/contracts';
import type { BalanceEntryView, ErrorBody, Page, PointsEntryView, WalletView } from '@forum/contracts';
import { eventually, startWallet, WalletFixture } from '@forum/testing';
import { auditLedgers } from '../audit/ledger-audit';
import type { AuditReport } from '../audit/ledger-audit';
import { Ledger } from './ledger';
import { WALLET_ACCOUNTS } from './ledger.projection';
import { legsWithPlatformShare, Transfers } from './transfers';

describe('wallet ledgers: adjustments, transfers, concurrency, audit', () => {
  let w: WalletFixture;

  beforeAll(async () => {
    w = await startWallet();
  });
  afterAll(() => w?.t.close());

  const staff = () => w.t.client.as(w.staffId, 'staff');
  const audit = async () => {
    const response = await staff().post<AuditReport>('/api/wallet/audit');
    expect(response.status).toBe(200);
    return response.body;
  };

  it('documents every wallet route in the OpenAPI document, and is ready with its outbox relay', async () => {
    const document = await w.t.client.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    const documented = new Set(
      Object.entries(document.body.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const walletRoutes = w.t.routes
      .filter((route) => route.url.startsWith('/api/wallet'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(walletRoutes.length).toBeGreaterThan(10);
    expect(walletRoutes.filter((route) => !documented.has(route))).toEqual([]);
    const ready = await w.t.client.get<{ checks: Record<string, string> }>('/api/ready');
    expect(ready.body.checks).toMatchObject({ 'wallet.outbox': 'ok' });
  });

  it('starts every member at zero', async () => {
    const memberId = await w.member();
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 0, frozen: 0, points: 0 });
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body).toMatchObject({ items: [], total: 0 });
  });

  it('lets staff credit and debit balance and points with a reason; the member sees each entry', async () => {
    const memberId = await w.member();
    const credit = await w.adjust(memberId, { kind: 'balance', amount: 12_345, reason: 'Welcome gift' });
    expect(credit.status).toBe(200);
    expect(credit.body).toEqual({ memberId, available: 12_345, frozen: 0, points: 0 });
    expect((await w.adjust(memberId, { kind: 'balance', amount: -345, reason: 'Correction' })).status).toBe(200);
    expect((await w.adjust(memberId, { kind: 'points', amount: 50, reason: 'Good posts' })).status).toBe(200);
    expect((await w.adjust(memberId, { kind: 'points', amount: -20, reason: 'Spam' })).status).toBe(200);
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 12_000, frozen: 0, points: 30 });

    const balance = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(balance.body.total).toBe(2);
    expect(balance.body.items.map((e) => [e.module, e.kind, e.amount, e.remark, e.availableAfter])).toEqual([
      [160, 'debit', -345, 'Correction', 12_000],
      [160, 'credit', 12_345, 'Welcome gift', 12_345],
    ]);
    const serials = balance.body.items.map((e) => e.serial);
    expect(new Set(serials).size).toBe(2);
    for (const serial of serials) expect(serial).toMatch(/^\d{26}$/);
    const points = await w.t.client.as(memberId).get<Page<PointsEntryView>>('/api/wallet/me/points-entries');
    expect(points.body.items.map((e) => [e.module, e.direction, e.amount, e.remark])).toEqual([
      [600, 'expense', -20, 'Spam'],
      [600, 'income', 50, 'Good posts'],
    ]);
    // Staff see the same ledger.
    const seen = await staff().get<Page<BalanceEntryView>>(
      `/api/wallet/accounts/${memberId}/balance-entries?page=1&pageSize=1`,
    );
    expect(seen.body).toMatchObject({ total: 2, totalPages: 2, items: [{ amount: -345 }] });
    expect((await staff().get<WalletView>(`/api/wallet/accounts/${memberId}`)).body.available).toBe(12_000);
  });

  it('books a repeated adjustment (same Idempotency-Key) once', async () => {
    const memberId = await w.member();
    const body = { kind: 'balance', amount: 500, reason: 'Once only' };
    const answers = await Promise.all([1, 2, 3].map(() => w.adjust(memberId, body, 'adjust-key-0001')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await w.wallet(memberId)).available).toBe(500);
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.total).toBe(1);
  });

  it('refuses an Idempotency-Key reused for another adjustment (422, nothing booked); the same one replays', async () => {
    const memberId = await w.member();
    const other = await w.member();
    const key = `adjust-reuse-${Date.now()}`;
    const body = { kind: 'balance', amount: 700, reason: 'First' };
    const first = await w.adjust(memberId, body, key);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ memberId, available: 700, frozen: 0, points: 0 });
    // Same key, keys in another order: the same request, answered with the first answer and booked once.
    const again = await w.adjust(memberId, { reason: 'First', amount: 700, kind: 'balance' }, key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    // Same key, another amount / kind / member: refused with its own code, in both languages.
    for (const [target, reused] of [
      [memberId, { ...body, amount: 70_000 }],
      [memberId, { ...body, kind: 'points' }],
      [other, body],
    ] as const) {
      const answer = await w.adjust(target, reused, key);
      expect([answer.status, (answer.body as ErrorBody).code]).toEqual([422, 'common.idempotency_key_reused']);
    }
    const zh = await staff()
      .inLanguage('zh-CN')
      .withHeaders({ 'idempotency-key': key })
      .post<ErrorBody>(`/api/wallet/accounts/${memberId}/adjustments`, { ...body, amount: 1 });
    expect([zh.status, zh.body.message]).toEqual([422, errorMessages.zh['common.idempotency_key_reused']]);
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 700, frozen: 0, points: 0 });
    expect(await w.wallet(other)).toEqual({ memberId: other, available: 0, frozen: 0, points: 0 });
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.total).toBe(1);
    // Concurrent requests with one key and different amounts: one is booked, the others are refused.
    const racer = await w.member();
    const raceKey = `adjust-race-${Date.now()}`;
    const answers = await Promise.all(
      [100, 200, 300].map((amount) => w.adjust(racer, { kind: 'balance', amount, reason: 'race' }, raceKey)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const booked = answers.find((a) => a.status === 200)!.body as WalletView;
    expect((await w.wallet(racer)).available).toBe(booked.available);
  });

  it('refuses what would go negative, and writes nothing', async () => {
    const memberId = await w.member();
    await w.adjust(memberId, { kind: 'balance', amount: 100, reason: 'seed' });
    const overdraw = await w.adjust(memberId, { kind: 'balance', amount: -101, reason: 'too much' });
    expect(overdraw.status).toBe(409);
    expect((overdraw.body as ErrorBody).code).toBe('wallet.insufficient_balance');
    const points = await w.adjust(memberId, { kind: 'points', amount: -1, reason: 'none there' });
    expect([points.status, (points.body as ErrorBody).code]).toEqual([409, 'wallet.insufficient_points']);
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 100, frozen: 0, points: 0 });
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.total).toBe(1);
  });

  it('refuses bad adjustments with clear codes', async () => {
    const memberId = await w.member();
    const noKey = await staff().post(`/api/wallet/accounts/${memberId}/adjustments`, {
      kind: 'balance',
      amount: 1,
      reason: 'x',
    });
    expect((noKey.body as ErrorBody).code).toBe('wallet.idempotency_key_required');
    for (const amount of [0, 1.5, '12a', 1e15]) {
      const bad = await w.adjust(memberId, { kind: 'balance', amount, reason: 'x' });
      expect([bad.status, (bad.body as ErrorBody).fieldErrors?.[0]?.field]).toEqual([400, 'amount']);
    }
    const unknown = await w.adjust('00000000-0000-7000-8000-000000000000', { kind: 'balance', amount: 1, reason: 'x' });
    expect((unknown.body as ErrorBody).code).toBe('wallet.member_not_found');
    const asMember = await w.t.client
      .as(memberId)
      .withHeaders({ 'idempotency-key': 'member-tries-1' })
      .post(`/api/wallet/accounts/${memberId}/adjustments`, { kind: 'balance', amount: 100, reason: 'free money' });
    expect(asMember.status).toBe(403);
    expect((await w.t.client.as(memberId).get('/api/wallet/platform')).status).toBe(403);
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 0, frozen: 0, points: 0 });
  });

  it('lets exactly 10 of 20 concurrent 10-fen debits through a 100-fen wallet', async () => {
    const memberId = await w.member();
    await w.adjust(memberId, { kind: 'balance', amount: 100, reason: 'seed' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => w.adjust(memberId, { kind: 'balance', amount: -10, reason: 'debit' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(await w.wallet(memberId)).toEqual({ memberId, available: 0, frozen: 0, points: 0 });
    expect((await audit()).ok).toBe(true);
  });

  it('moves money between wallets with the platform share, and heals a transfer a crash cut short', async () => {
    const [reader, author, other] = [await w.member(), await w.member(), await w.member()];
    await w.adjust(reader, { kind: 'balance', amount: 1000, reason: 'seed' });
    const platformBefore = (await staff().get<WalletView>('/api/wallet/platform')).body.available;
    const transfers = w.t.app.get(Transfers);
    const meta = { actor: { kind: 'member' as const, id: reader }, now: new Date(), correlationId: 'c-1' };
    const legs = legsWithPlatformShare(
      300,
      10,
      { memberId: author, module: 80, remark: 'Unlock income' },
      'Platform share',
    );
    expect(legs.map((leg) => [leg.memberId, leg.amount])).toEqual([
      [author, 270],
      [PLATFORM_WALLET_ID, 30],
    ]);
    const request = {
      transferId: `unlock-${reader}`,
      from: reader,
      source: 'balance' as const,
      amount: 300,
      module: 70,
      remark: 'Paid unlock',
      legs,
    };
    await transfers.transfer(request, meta);
    await transfers.transfer(request, meta);
    await eventually(async () => {
      expect((await w.wallet(reader)).available).toBe(700);
      expect((await w.wallet(author)).available).toBe(270);
      expect((await staff().get<WalletView>('/api/wallet/platform')).body.available).toBe(platformBefore + 30);
    });

    // A crash after step 1: only the debit (which carries the plan) is stored; the reactor credits the legs.
    await w.t.app.get(Ledger).record(
      {
        type: 'Debit',
        walletId: reader,
        operationId: 'transfer:crashed-1:debit',
        module: 70,
        amount: 200,
        remark: 'Paid unlock',
        transfer: {
          transferId: 'crashed-1',
          legs: [{ memberId: other, amount: 200, module: 80, remark: 'Unlock income' }],
        },
        now: new Date(),
      },
      meta,
    );
    await eventually(async () => expect((await w.wallet(other)).available).toBe(200));
    expect((await w.wallet(reader)).available).toBe(500);
    const refused = transfers.transfer(
      { ...request, transferId: 'too-much', amount: 501, legs: [{ ...legs[0]!, amount: 501 }] },
      meta,
    );
    await expect(refused).rejects.toMatchObject({ code: 'wallet.insufficient_balance' });
    await eventually(async () => expect((await audit()).ok).toBe(true));
  });

  it('audit at a consistent cut: no difference while members are credited, a tampered read model still named', async () => {
    const ledger = w.t.app.get(Ledger);
    const transfers = w.t.app.get(Transfers);
    const members = await Promise.all(Array.from({ length: 8 }, () => w.member()));
    for (const memberId of members) await w.adjust(memberId, { kind: 'balance', amount: 10_000, reason: 'seed' });
    const quiet = await w.member();
    await w.adjust(quiet, { kind: 'points', amount: 50, reason: 'seed' });
    const accounts = w.t.db('wallet').collection<{ _id: string; points: number }>(WALLET_ACCOUNTS);
    await accounts.updateOne({ _id: quiet }, { $set: { points: 999 } });

    const meta = () => ({ actor: { kind: 'system' as const, id: null }, now: new Date(), correlationId: 'audit-cut' });
    const pick = () => members[Math.floor(Math.random() * members.length)]!;
    let writing = true;
    let writes = 0;
    const writer = async (lane: number) => {
      for (let n = 0; writing; n++) {
        const id = `audit-cut:${lane}:${n}`;
        if (n % 3 === 2) {
          const [from, to] = [pick(), pick()];
          await transfers.transfer(
            {
              transferId: id,
              from,
              source: 'balance',
              amount: 1,
              module: 70,
              remark: 'cut',
              legs: [{ memberId: to, amount: 1, module: 80, remark: 'cut' }],
            },
            meta(),
          );
        } else {
          await ledger.record(
            {
              type: 'CreditPoints',
              walletId: pick(),
              operationId: id,
              module: POINTS_MODULES.topic,
              amount: 1 + (n % 5),
              remark: 'cut',
              now: new Date(),
            },
            meta(),
          );
        }
        writes++;
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    const reports: AuditReport[] = [];
    try {
      const until = Date.now() + 8_000;
      while (Date.now() < until || reports.length < 3) reports.push(await auditLedgers(w.t.db('wallet')));
    } finally {
      writing = false;
      await writers;
    }
    const tampered = expect.objectContaining({
      walletId: quiet,
      problem: 'read_model_mismatch',
      expected: { available: 0, frozen: 0, points: 50 },
      actual: { available: 0, frozen: 0, points: 999 },
    });
    const extra = reports.map((report) => report.differences.filter((d) => d.walletId !== quiet));
    console.log(
      `ledger audit during writes: ${reports.length} runs over ${writes} concurrent writes; ` +
        `${extra.filter((found) => found.length > 0).length} runs reported ${extra.flat().length} other differences ` +
        `(${[...new Set(extra.flat().map((d) => d.problem))].join(', ') || 'none'})`,
    );
    for (const report of reports) expect(report.differences).toEqual([tampered]);
    await accounts.updateOne({ _id: quiet }, { $set: { points: 50 } });
    await eventually(async () => expect((await audit()).differences).toEqual([]));
  });

  it('audit: passes on the real history, and names the member whose read model was tampered with', async () => {
    const memberId = await w.member();
    await w.adjust(memberId, { kind: 'balance', amount: 777, reason: 'seed' });
    const passed = await audit();
    expect(passed.differences).toEqual([]);
    expect(passed.ok).toBe(true);
    expect(passed.money.held + passed.money.inTransit).toBe(passed.money.cameIn - passed.money.wentOut);

    await w.t
      .db('wallet')
      .collection<{ _id: string }>(WALLET_ACCOUNTS)
      .updateOne({ _id: memberId }, { $set: { available: 1_000_000 } });
    const failed = await audit();
    expect(failed.ok).toBe(false);
    expect(failed.differences).toEqual([
      expect.objectContaining({
        walletId: memberId,
        problem: 'read_model_mismatch',
        expected: { available: 777, frozen: 0, points: 0 },
        actual: { available: 1_000_000, frozen: 0, points: 0 },
      }),
    ]);
  });
});

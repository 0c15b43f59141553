import type { BalanceEntryView, ErrorBody, Page } from '@forum/contracts';
import { eventually, startWallet, WalletFixture } from '@forum/testing';
import type { AuditReport } from '../audit/ledger-audit';
import { seedDemoWallet } from '../demo-wallet';
import { PAYMENT_INTENTS } from './payment-intents.projection';
import { Reconciliation } from './reconciliation';
import type { PaymentView } from './recharges';
import { notifyForm, SandboxGateway, SANDBOX_TRADES, SandboxTrade } from './sandbox/sandbox-gateway';
import { WALLET_CONFIG, WalletConfig } from './wallet-config';

describe('recharge through the sandbox gateway', () => {
  let w: WalletFixture;

  beforeAll(async () => {
    w = await startWallet();
    // The gateway posts its notifies over HTTP to this process, as a real gateway would.
    await w.t.listen();
  });
  afterAll(() => w?.t.close());
  afterEach(() => w.t.app.get(SandboxGateway).setMode('normal'));

  const gateway = () => w.t.app.get(SandboxGateway);
  const trades = () => w.t.db('wallet').collection<SandboxTrade>(SANDBOX_TRADES);

  async function recharge(memberId: string, amount: string | number) {
    return w.t.client.as(memberId).post<{ intentId: string; redirectUrl: string }>('/api/wallet/recharges', { amount });
  }

  /** The notify the gateway would send for a paid trade, signed with `secret`. */
  function notifyParams(trade: SandboxTrade, secret = w.t.app.get<WalletConfig>(WALLET_CONFIG).sandboxSecret) {
    return notifyForm({ ...trade, status: 'paid' }, secret);
  }

  it('recharges 100.00 yuan: checkout page, pay, signed notify, balance credited once, result page', async () => {
    const memberId = await w.member();
    const started = await recharge(memberId, '100.00');
    expect(started.status).toBe(200);
    const { intentId, redirectUrl } = started.body;
    expect(redirectUrl).toBe(`/api/wallet/payments/sandbox/checkout/${intentId}`);
    expect((await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${intentId}`)).body).toMatchObject({
      amount: 10_000,
      status: 'pending',
    });

    const page = await w.t.client.anonymous().get<string>(redirectUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('100.00');
    const paid = await w.t.client.anonymous().asForm().withoutCsrf().post(redirectUrl, { decision: 'pay' });
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toBe(`/paymentCompleted/sandbox/5/${intentId}`);

    await eventually(async () => expect((await w.wallet(memberId)).available).toBe(10_000));
    const payment = await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${intentId}`);
    expect(payment.body).toMatchObject({ intentId, amount: 10_000, status: 'paid', provider: 'sandbox' });
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.items).toEqual([expect.objectContaining({ module: 5, amount: 10_000, reference: intentId })]);
    // The gateway records the acknowledgement after the wallet answered its notify.
    await eventually(async () => expect((await trades().findOne({ _id: intentId }))?.notifyDue).toBe(false));
    // Someone else's payment is not there for them.
    const stranger = await w.member();
    expect((await w.t.client.as(stranger).get(`/api/wallet/payments/${intentId}`)).status).toBe(404);
  });

  it('converts yuan to fen exactly and refuses bad amounts without storing an intent', async () => {
    const memberId = await w.member();
    const ok = await recharge(memberId, '0.29');
    expect(ok.status).toBe(200);
    expect(
      (await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${ok.body.intentId}`)).body.amount,
    ).toBe(29);
    const intents = w.t.db('wallet').collection(PAYMENT_INTENTS);
    const before = await intents.countDocuments({ memberId });
    for (const amount of ['0', '-1', '1.234', '1000000000000', 'abc', '', '1e3', 0, -5]) {
      const bad = await recharge(memberId, amount);
      expect([amount, bad.status, (bad.body as unknown as ErrorBody).fieldErrors?.[0]]).toEqual([
        amount,
        400,
        expect.objectContaining({ field: 'amount', code: 'validation.amount_format' }),
      ]);
    }
    const unknownProvider = await w.t.client
      .as(memberId)
      .post('/api/wallet/recharges', { amount: '1', provider: 'paypal' });
    expect((unknownProvider.body as ErrorBody).code).toBe('wallet.payment_provider_unknown');
    expect((await w.t.client.as(memberId).get('/api/wallet/payment-providers')).body).toEqual({
      items: [{ id: 'sandbox' }],
    });
    expect(await intents.countDocuments({ memberId })).toBe(before);
    // Form bodies work too (the member site sends them).
    expect((await w.t.client.as(memberId).asForm().post('/api/wallet/recharges', { amount: '12.5' })).status).toBe(200);
  });

  it('answers a repeated recharge request (same Idempotency-Key) with the same intent', async () => {
    const memberId = await w.member();
    const client = w.t.client.as(memberId).withHeaders({ 'idempotency-key': 'recharge-key-0001' });
    const [first, second] = await Promise.all([
      client.post<{ intentId: string }>('/api/wallet/recharges', { amount: '5' }),
      client.post<{ intentId: string }>('/api/wallet/recharges', { amount: '5' }),
    ]);
    expect(first.body.intentId).toBe(second.body.intentId);
    expect(await w.t.db('wallet').collection(PAYMENT_INTENTS).countDocuments({ memberId })).toBe(1);
  });

  it('credits once when the same notify arrives 10 times concurrently', async () => {
    gateway().setMode('silent');
    const memberId = await w.member();
    const { intentId } = (await recharge(memberId, '50')).body;
    await gateway().decide(intentId, 'pay');
    const trade = (await trades().findOne({ _id: intentId }))!;
    const body = notifyParams(trade);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.t.client.anonymous().asForm().withoutCsrf().post<string>('/api/wallet/payments/notify/sandbox', body),
      ),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array.from({ length: 10 }, () => [200, 'success']));
    expect((await w.wallet(memberId)).available).toBe(5_000);
    const entries = await w.t.client.as(memberId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
    expect(entries.body.total).toBe(1);
  });

  it('refuses a notify with a wrong signature or a changed amount, crediting nothing', async () => {
    gateway().setMode('silent');
    const memberId = await w.member();
    const { intentId } = (await recharge(memberId, '20')).body;
    await gateway().decide(intentId, 'pay');
    const trade = (await trades().findOne({ _id: intentId }))!;
    const forged = notifyParams(trade, 'x'.repeat(64));
    const refused = await w.t.client
      .anonymous()
      .asForm()
      .withoutCsrf()
      .post('/api/wallet/payments/notify/sandbox', forged);
    expect([refused.status, (refused.body as ErrorBody).code]).toEqual([400, 'wallet.payment_signature_invalid']);
    const tampered = { ...notifyParams(trade), total_amount: '999999' };
    const refusedAmount = await w.t.client
      .anonymous()
      .asForm()
      .withoutCsrf()
      .post('/api/wallet/payments/notify/sandbox', tampered);
    expect((refusedAmount.body as ErrorBody).code).toBe('wallet.payment_signature_invalid');
    const resigned = notifyParams({ ...trade, amount: 1 });
    const mismatch = await w.t.client
      .anonymous()
      .asForm()
      .withoutCsrf()
      .post('/api/wallet/payments/notify/sandbox', resigned);
    expect((mismatch.body as ErrorBody).code).toBe('wallet.payment_amount_mismatch');
    expect((await w.wallet(memberId)).available).toBe(0);
  });

  it('retries a lost notify with back-off until it is acknowledged', async () => {
    gateway().setMode('flaky');
    const memberId = await w.member();
    const { intentId } = (await recharge(memberId, '3.33')).body;
    await w.t.client
      .anonymous()
      .asForm()
      .withoutCsrf()
      .post(`/api/wallet/payments/sandbox/checkout/${intentId}`, { decision: 'pay' });
    await eventually(async () => expect((await w.wallet(memberId)).available).toBe(333));
    await eventually(async () =>
      expect(await trades().findOne({ _id: intentId })).toMatchObject({ notifyDue: false, notifyAttempts: 3 }),
    );
  });

  it('marks a declined payment failed and credits nothing', async () => {
    const memberId = await w.member();
    const { intentId } = (await recharge(memberId, '8')).body;
    await w.t.client
      .anonymous()
      .asForm()
      .withoutCsrf()
      .post(`/api/wallet/payments/sandbox/checkout/${intentId}`, { decision: 'fail' });
    await eventually(async () =>
      expect((await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${intentId}`)).body.status).toBe(
        'failed',
      ),
    );
    expect((await w.wallet(memberId)).available).toBe(0);
  });

  it('reconciles intents whose notify never came: paid ones are credited, unpaid ones expire', async () => {
    gateway().setMode('silent');
    const memberId = await w.member();
    const paid = (await recharge(memberId, '7')).body.intentId;
    const unpaid = (await recharge(memberId, '9')).body.intentId;
    await gateway().decide(paid, 'pay');
    const reconciliation = w.t.app.get(Reconciliation);
    const first = await reconciliation.run(new Date(), 0);
    expect(first.paid).toContain(paid);
    expect(first.stillPending).toContain(unpaid);
    expect((await w.wallet(memberId)).available).toBe(700);
    // After the deadline the gateway closes the trade and the intent expires: paying it is no longer possible.
    const later = new Date(Date.now() + 31 * 60_000);
    await eventually(async () => expect((await reconciliation.run(later, 0)).expired).toContain(unpaid));
    await eventually(async () =>
      expect((await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${unpaid}`)).body.status).toBe(
        'expired',
      ),
    );
    expect((await trades().findOne({ _id: unpaid }))?.status).toBe('closed');
    expect((await w.wallet(memberId)).available).toBe(700);
    // Staff can run a round too.
    expect((await w.t.client.as(w.staffId, 'staff').post('/api/wallet/payments/reconcile')).status).toBe(200);
  });

  it('seeds the demo member: 100.00 yuan through the sandbox and 100 points, once however often it runs', async () => {
    const memberId = await w.member();
    await seedDemoWallet(w.t.app, memberId);
    await seedDemoWallet(w.t.app, memberId);
    await eventually(async () =>
      expect(await w.wallet(memberId)).toEqual({ memberId, available: 10_000, frozen: 0, points: 100 }),
    );
  });

  it('audit: every paid intent was credited exactly once', async () => {
    // The audit replays the commits stored before it began, less a second (its cut, for clock differences): let
    // the last recharge fall inside it (one call: the route allows 6 a minute).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const report = await w.t.client.as(w.staffId, 'staff').post<AuditReport>('/api/wallet/audit');
    expect(report.body.differences).toEqual([]);
    expect(report.body.money.cameIn).toBeGreaterThanOrEqual(10_000 + 5_000 + 333 + 700);
  });
});

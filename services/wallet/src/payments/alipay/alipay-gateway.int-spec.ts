import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@forum/contracts';
import { eventually, startWallet, WalletFixture } from '@forum/testing';
import { Reconciliation } from '../reconciliation';
import type { PaymentView } from '../recharges';
import { AlipayGateway, beijingTime, privateKeyType } from './alipay-gateway';

/** Keys made here: the app's pair (we sign requests) and "Alipay's" pair (it signs notifies and responses). */
function rsaPair(type: 'pkcs1' | 'pkcs8') {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type, format: 'pem' },
  });
}
const app = rsaPair('pkcs1');
const alipay = rsaPair('pkcs8');
const APP_ID = '2021000000000001';

const rsa2 = (content: string, key = alipay.privateKey) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
/** Alipay's signing string: every parameter but `sign` and `sign_type`, sorted, `k=v` joined by `&`. */
const signingString = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

function alipayNotify(overrides: Record<string, string>, key = alipay.privateKey): Record<string, string> {
  const params: Record<string, string> = {
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    notify_type: 'trade_status_sync',
    notify_id: `n${Date.now()}`,
    notify_time: beijingTime(new Date()),
    trade_status: 'TRADE_SUCCESS',
    trade_no: '2026112122001400000000000001',
    total_amount: '100.00',
    ...overrides,
  };
  return { ...params, sign_type: 'RSA2', sign: rsa2(signingString(params), key) };
}

/** A stand-in for Alipay's gateway: answers trade queries and closes from `trades`, signed like Alipay does. */
class FakeAlipay {
  readonly trades = new Map<string, { status: string; amount: string }>();
  readonly closed: string[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const params = new URLSearchParams(`${new URL(request.url!, 'http://x').search.slice(1)}&${body}`);
        const method = params.get('method')!;
        const { out_trade_no: outTradeNo } = JSON.parse(params.get('biz_content') ?? '{}') as { out_trade_no: string };
        const trade = this.trades.get(outTradeNo);
        let payload: Record<string, string>;
        if (!trade)
          payload = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'no trade' };
        else if (method === 'alipay.trade.close') {
          this.closed.push(outTradeNo);
          trade.status = 'TRADE_CLOSED';
          payload = { code: '10000', msg: 'Success', out_trade_no: outTradeNo };
        } else {
          payload = {
            code: '10000',
            msg: 'Success',
            out_trade_no: outTradeNo,
            trade_no: '2026112122001400000000000002',
            trade_status: trade.status,
            total_amount: trade.amount,
          };
        }
        const json = JSON.stringify(payload);
        const key = `${method.replaceAll('.', '_')}_response`;
        response.setHeader('content-type', 'application/json;charset=utf-8');
        response.end(`{"${key}":${json},"sign":"${rsa2(json)}"}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('Alipay adapter (offline: generated RSA keys, a local stand-in gateway)', () => {
  const fake = new FakeAlipay();
  let gateway: AlipayGateway;

  beforeAll(async () => {
    await fake.start();
    gateway = new AlipayGateway({
      appId: APP_ID,
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: fake.url,
      publicUrl: 'https://forum.example',
    });
  });
  afterAll(() => fake.stop());

  it('tells the two private key encodings apart', () => {
    expect(privateKeyType(app.privateKey)).toBe('PKCS1');
    expect(privateKeyType(alipay.privateKey)).toBe('PKCS8');
    const bare = alipay.privateKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(privateKeyType(bare)).toBe('PKCS8');
  });

  it('builds a checkout link signed with the app key, in yuan, with absolute notify and return URLs', async () => {
    const { redirectUrl } = await gateway.checkout({
      intentId: 'intent-1',
      memberId: 'm1',
      amount: 10_029,
      expiresAt: new Date('2026-11-21T10:30:00.000Z'),
      notifyUrl: '/api/wallet/payments/notify/alipay',
      returnUrl: '/paymentCompleted/alipay/5/intent-1',
    });
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(fake.url);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      notify_url: 'https://forum.example/api/wallet/payments/notify/alipay',
      return_url: 'https://forum.example/paymentCompleted/alipay/5/intent-1',
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: 'intent-1',
      total_amount: '100.29',
      product_code: 'FAST_INSTANT_WEB_PAY',
      time_expire: '2026-11-21 18:30:00',
    });
    const unsigned = Object.keys(params)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(unsigned, 'utf8').verify(app.publicKey, params.sign!, 'base64')).toBe(
      true,
    );
  });

  it('accepts only notifies signed with Alipay’s key (RSA2), for this app, and reads yuan to fen exactly', () => {
    expect(gateway.verifyNotify(alipayNotify({ out_trade_no: 'intent-1', total_amount: '100.29' }))).toEqual({
      intentId: 'intent-1',
      status: 'paid',
      amount: 10_029,
      tradeNo: '2026112122001400000000000001',
    });
    const forged = alipayNotify({ out_trade_no: 'intent-1' }, app.privateKey);
    expect(gateway.verifyNotify(forged)).toBeNull();
    const tampered = { ...alipayNotify({ out_trade_no: 'intent-1' }), total_amount: '1000.00' };
    expect(gateway.verifyNotify(tampered)).toBeNull();
    expect(gateway.verifyNotify(alipayNotify({ out_trade_no: 'intent-1', app_id: '999' }))).toBeNull();
    expect(
      gateway.verifyNotify(alipayNotify({ out_trade_no: 'intent-1', trade_status: 'TRADE_CLOSED' })),
    ).toMatchObject({
      status: 'failed',
    });
    expect(gateway.verifyNotify(alipayNotify({ out_trade_no: 'intent-1', trade_status: 'WAIT_BUYER_PAY' }))).toEqual({
      intentId: 'intent-1',
      status: 'pending',
    });
  });

  it('queries and closes trades, checking the gateway’s response signature', async () => {
    fake.trades.set('q-paid', { status: 'TRADE_SUCCESS', amount: '12.34' });
    fake.trades.set('q-waiting', { status: 'WAIT_BUYER_PAY', amount: '1.00' });
    expect(await gateway.query('q-paid')).toEqual({
      status: 'paid',
      amount: 1234,
      tradeNo: '2026112122001400000000000002',
    });
    expect(await gateway.query('q-waiting')).toEqual({ status: 'pending' });
    expect(await gateway.query('q-unknown')).toEqual({ status: 'closed' });
    await gateway.close('q-waiting');
    expect(await gateway.query('q-waiting')).toEqual({ status: 'closed' });
    const impostor = new AlipayGateway({
      appId: APP_ID,
      privateKey: app.privateKey,
      alipayPublicKey: app.publicKey,
      gateway: fake.url,
      publicUrl: 'https://forum.example',
    });
    await expect(impostor.query('q-paid')).rejects.toThrow();
  });

  describe('in the wallet (ALIPAY_* configured)', () => {
    let w: WalletFixture;
    const saved = { ...process.env };

    beforeAll(async () => {
      Object.assign(process.env, {
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: app.privateKey,
        ALIPAY_PUBLIC_KEY: alipay.publicKey,
        ALIPAY_GATEWAY: fake.url,
        WALLET_PUBLIC_URL: 'https://forum.example',
      });
      w = await startWallet();
    });
    afterAll(async () => {
      await w?.t.close();
      process.env = saved;
    });

    it('recharges through Alipay: the signed notify credits once, however often it comes', async () => {
      const memberId = await w.member();
      const started = await w.t.client
        .as(memberId)
        .post<{ intentId: string; redirectUrl: string }>('/api/wallet/recharges', {
          amount: '100',
          provider: 'alipay',
        });
      expect(started.status).toBe(200);
      expect(started.body.redirectUrl.startsWith(fake.url)).toBe(true);
      expect((await w.t.client.as(memberId).get('/api/wallet/payment-providers')).body).toEqual({
        items: [{ id: 'sandbox' }, { id: 'alipay' }],
      });
      const notify = alipayNotify({ out_trade_no: started.body.intentId });
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          w.t.client.anonymous().asForm().withoutCsrf().post<string>('/api/wallet/payments/notify/alipay', notify),
        ),
      );
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, 'success'],
        [200, 'success'],
        [200, 'success'],
      ]);
      expect((await w.wallet(memberId)).available).toBe(10_000);
      const forged = await w.t.client
        .anonymous()
        .asForm()
        .withoutCsrf()
        .post(
          '/api/wallet/payments/notify/alipay',
          alipayNotify({ out_trade_no: started.body.intentId }, app.privateKey),
        );
      expect((forged.body as ErrorBody).code).toBe('wallet.payment_signature_invalid');
    });

    it('reconciles an Alipay intent whose notify never came, by asking the gateway', async () => {
      const memberId = await w.member();
      const { intentId } = (
        await w.t.client
          .as(memberId)
          .post<{ intentId: string }>('/api/wallet/recharges', { amount: '12.34', provider: 'alipay' })
      ).body;
      fake.trades.set(intentId, { status: 'TRADE_SUCCESS', amount: '12.34' });
      expect((await w.t.app.get(Reconciliation).run(new Date(), 0)).paid).toContain(intentId);
      expect((await w.wallet(memberId)).available).toBe(1234);
      await eventually(async () =>
        expect((await w.t.client.as(memberId).get<PaymentView>(`/api/wallet/payments/${intentId}`)).body.status).toBe(
          'paid',
        ),
      );
    });
  });
});

import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { fenToYuan, yuanToFen } from '@forum/contracts';
import type { CheckoutRequest, PaymentProvider, ProviderOutcome, ProviderQueryResult } from '../payment-provider';
import type { AlipayConfig } from '../wallet-config';

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's time format, in Beijing time (UTC+8): `yyyy-MM-dd HH:mm:ss`. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Which of the two encodings Alipay's key tools produce a private key is in (PEM header, or a bare base64 DER
 * that parses as PKCS#8): the SDK needs to be told.
 */
export function privateKeyType(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/**
 * Alipay computer-website payment on the official SDK (`alipay-sdk`): `alipay.trade.page.pay` for the checkout
 * link, RSA2 (SHA256withRSA) notify verification against Alipay's public key, `alipay.trade.query` and
 * `alipay.trade.close` for reconciliation. The intent id is the merchant order number (`out_trade_no`), amounts
 * travel as yuan text and come back to fen through the exact conversion.
 */
export class AlipayGateway implements PaymentProvider {
  readonly id = 'alipay';
  /** What Alipay expects back, as plain text, to stop re-sending a notify. */
  readonly acknowledgement = 'success';
  private readonly sdk: AlipaySdk;

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey.trim(),
      keyType: privateKeyType(config.privateKey),
      alipayPublicKey: config.alipayPublicKey.trim(),
      gateway: config.gateway,
      signType: 'RSA2',
      camelcase: true,
      timeout: 10_000,
    });
  }

  checkout(request: CheckoutRequest): Promise<{ redirectUrl: string }> {
    const redirectUrl = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: request.intentId,
        total_amount: fenToYuan(request.amount),
        subject: 'Recharge 充值',
        product_code: 'FAST_INSTANT_WEB_PAY',
        time_expire: beijingTime(request.expiresAt),
      },
      notifyUrl: this.absolute(request.notifyUrl),
      returnUrl: this.absolute(request.returnUrl),
    });
    return Promise.resolve({ redirectUrl });
  }

  verifyNotify(params: Record<string, string>): ProviderOutcome | null {
    if (params.app_id !== this.config.appId || !params.out_trade_no) return null;
    if (!this.authentic(params)) return null;
    const intentId = params.out_trade_no;
    const status = params.trade_status ?? '';
    if (PAID.has(status)) {
      const amount = yuanToFen(params.total_amount ?? '');
      if (amount === null || !params.trade_no) return null;
      return { intentId, status: 'paid', amount, tradeNo: params.trade_no };
    }
    if (status === 'TRADE_CLOSED') return { intentId, status: 'failed', reason: 'trade closed' };
    return { intentId, status: 'pending' };
  }

  /** The form body is already decoded: verify the values as they are (V2 does not decode them again). */
  private authentic(params: Record<string, string>): boolean {
    try {
      return this.sdk.checkNotifySignV2(params);
    } catch {
      return false;
    }
  }

  async query(intentId: string): Promise<ProviderQueryResult> {
    const result = await this.sdk.exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: intentId } },
      { validateSign: true },
    );
    if (result.code !== '10000') {
      if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'closed' };
      throw new Error(`alipay.trade.query ${intentId}: ${result.code} ${result.subCode ?? ''} ${result.subMsg ?? ''}`);
    }
    const status = String(result.tradeStatus ?? '');
    if (PAID.has(status)) {
      const amount = yuanToFen(String(result.totalAmount ?? ''));
      if (amount === null) throw new Error(`alipay.trade.query ${intentId}: unreadable amount ${result.totalAmount}`);
      return { status: 'paid', amount, tradeNo: String(result.tradeNo) };
    }
    if (status === 'TRADE_CLOSED') return { status: 'closed' };
    return { status: 'pending' };
  }

  async close(intentId: string): Promise<void> {
    const result = await this.sdk.exec('alipay.trade.close', { bizContent: { out_trade_no: intentId } });
    if (
      result.code !== '10000' &&
      result.subCode !== 'ACQ.TRADE_NOT_EXIST' &&
      result.subCode !== 'ACQ.TRADE_STATUS_ERROR'
    ) {
      throw new Error(`alipay.trade.close ${intentId}: ${result.code} ${result.subCode ?? ''} ${result.subMsg ?? ''}`);
    }
  }

  private absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${this.config.publicUrl}${url}`;
  }
}

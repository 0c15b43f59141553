import { createHmac, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { OutgoingSms, SmsSender } from './delivery';

/** Aliyun's "POP" encoding: RFC 3986 percent-encoding, only `A-Z a-z 0-9 - _ . ~` left as they are. */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `GET&%2F&<encoded canonical query>`: parameters sorted by name, each name and value POP-encoded. */
export function aliyunStringToSign(params: Record<string, string>, method = 'GET'): string {
  const canonical = Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${popEncode(key)}=${popEncode(params[key]!)}`)
    .join('&');
  return `${method}&${popEncode('/')}&${popEncode(canonical)}`;
}

/** Signature version 1.0 of Aliyun's RPC APIs: base64 HMAC-SHA1 keyed with `<AccessKeySecret>&`. */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(params, method)).digest('base64');
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
}

/**
 * Aliyun Short Message Service (`SendSms`, API 2017-05-25) over plain HTTPS: the code goes as the approved
 * template's `code` parameter; any answer but `Code: OK` is a failed delivery.
 */
export class AliyunSmsSender implements SmsSender {
  private readonly logger = new Logger('aliyun-sms');

  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The signed query parameters of one `SendSms` call (exposed for the signature test). */
  signedParams(message: OutgoingSms, now = new Date(), nonce: string = randomUUID()): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    return { ...params, Signature: aliyunSignature(params, this.options.accessKeySecret) };
  }

  async send(message: OutgoingSms): Promise<void> {
    const query = Object.entries(this.signedParams(message))
      .map(([key, value]) => `${popEncode(key)}=${popEncode(value)}`)
      .join('&');
    const response = await this.fetchImpl(`${this.options.endpoint}?${query}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string; RequestId?: string };
    if (!response.ok || body.Code !== 'OK') {
      this.logger.error(
        `SendSms refused: ${body.Code ?? response.status} ${body.Message ?? ''} (${body.RequestId ?? '-'})`,
      );
      throw new Error(`SMS delivery failed: ${body.Code ?? response.status}`);
    }
  }
}

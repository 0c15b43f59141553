import { aliyunSignature, aliyunStringToSign, AliyunSmsSender, popEncode } from './aliyun-sms';

/** The worked example of Aliyun's SMS documentation ("request signature"), with its published result. */
const documented = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun SMS request signature', () => {
  it('reproduces the signature of the documented example', () => {
    expect(aliyunSignature(documented, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(popEncode(aliyunSignature(documented, 'testSecret'))).toBe('zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D');
  });

  it('builds the canonical string from sorted, POP-encoded parameters', () => {
    expect(aliyunStringToSign({ b: 'x y', a: "*~!'()" })).toBe('GET&%2F&a%3D%252A~%2521%2527%2528%2529%26b%3Dx%2520y');
  });

  it('sends the code as the template parameter and fails on a refusal', async () => {
    const calls: string[] = [];
    const sender = new AliyunSmsSender(
      {
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        signName: 'Forum',
        templateCode: 'SMS_1',
        endpoint: 'https://sms.example/',
      },
      (async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ Code: calls.length === 1 ? 'OK' : 'isv.BUSINESS_LIMIT_CONTROL' }));
      }) as typeof fetch,
    );
    const message = { phone: '13812345678', text: 'code 123456', code: '123456', purpose: 'login' } as const;
    await sender.send(message);
    const query = new URL(calls[0]!).searchParams;
    expect(query.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(query.get('PhoneNumbers')).toBe('13812345678');
    const { Signature, ...signed } = Object.fromEntries(query);
    expect(aliyunSignature(signed, 'secret')).toBe(Signature);
    await expect(sender.send(message)).rejects.toThrow('isv.BUSINESS_LIMIT_CONTROL');
  });
});

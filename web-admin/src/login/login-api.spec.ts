import { describe, expect, it } from 'vitest';
import { providerOver } from '../testing/provider-over';

describe('loginVerbs', () => {
  it('fetches a captcha', async () => {
    const captcha = { captchaKey: 'k-1', image: 'data:image/svg+xml;base64,PHN2Zz4=', expiresInSeconds: 120 };
    const { dataProvider } = providerOver({ 'GET /api/identity/captcha': { json: captcha } });
    expect(await dataProvider.captcha()).toEqual(captcha);
  });
});

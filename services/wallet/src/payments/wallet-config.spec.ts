import { loadConfig } from '@forum/platform';
import { walletConfig } from './wallet-config';

const app = (NODE_ENV: string) =>
  loadConfig({
    NODE_ENV,
    MONGO_URL: 'mongodb://127.0.0.1:27017',
    KAFKA_BROKERS: '127.0.0.1:9092',
    JWT_SECRET: 'x'.repeat(40),
  });

describe('wallet configuration', () => {
  it('offers the sandbox gateway except in production, unless told otherwise', () => {
    expect(walletConfig(app('development'), {}).sandboxEnabled).toBe(true);
    expect(walletConfig(app('production'), {}).sandboxEnabled).toBe(false);
    expect(walletConfig(app('production'), { WALLET_SANDBOX_ENABLED: 'true' }).sandboxEnabled).toBe(true);
    expect(walletConfig(app('test'), { WALLET_SANDBOX_ENABLED: 'false' }).sandboxEnabled).toBe(false);
  });

  it('derives the sandbox secret from JWT_SECRET, so every replica agrees', () => {
    expect(walletConfig(app('test'), {}).sandboxSecret).toBe(walletConfig(app('test'), {}).sandboxSecret);
    expect(walletConfig(app('test'), {}).sandboxSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('enables Alipay only with its keys and the public URL, and says what is missing', () => {
    expect(walletConfig(app('test'), {}).alipay).toBeNull();
    expect(() => walletConfig(app('test'), { ALIPAY_APP_ID: '2021' })).toThrow(
      /ALIPAY_APP_ID needs ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY and WALLET_PUBLIC_URL/,
    );
    const key = 'k'.repeat(120);
    const config = walletConfig(app('test'), {
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: key,
      ALIPAY_PUBLIC_KEY: key,
      WALLET_PUBLIC_URL: 'https://forum.example/',
    });
    expect(config.alipay).toMatchObject({ appId: '2021', publicUrl: 'https://forum.example' });
  });

  it('refuses a bad value by name', () => {
    expect(() => walletConfig(app('test'), { WALLET_SANDBOX_MODE: 'chaotic' })).toThrow(/WALLET_SANDBOX_MODE/);
  });
});

import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { AppConfig } from '@forum/platform';

const schema = z
  .object({
    /**
     * The sandbox gateway pays without money: on by default except in production (NODE_ENV=production), where
     * `true` turns it on for a demo deployment.
     */
    WALLET_SANDBOX_ENABLED: z.enum(['true', 'false']).optional(),
    /** Shared by the sandbox gateway and the notify check; defaults to a key derived from JWT_SECRET. */
    WALLET_SANDBOX_SECRET: z.string().min(32).optional(),
    /** normal; flaky: the first two notify deliveries of every trade are lost; silent: no notify ever. */
    WALLET_SANDBOX_MODE: z.enum(['normal', 'flaky', 'silent']).default('normal'),
    /**
     * The site's public URL as gateways reach it (notify and return URLs); without it, notifies go to this
     * process's own listening address (the sandbox), and real gateways cannot be enabled.
     */
    WALLET_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    WALLET_SANDBOX_NOTIFY_POLL_MS: z.coerce.number().int().min(50).default(500),
    WALLET_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Intents pending longer than this are asked about at the provider. */
    WALLET_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(300_000),
    /** Alipay, enabled when ALIPAY_APP_ID is set: the app's RSA2 private key, Alipay's public key (PEM or base64). */
    ALIPAY_APP_ID: z.string().min(1).optional(),
    ALIPAY_PRIVATE_KEY: z.string().min(100).optional(),
    ALIPAY_PUBLIC_KEY: z.string().min(100).optional(),
    ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
  })
  .refine((env) => !env.ALIPAY_APP_ID || (env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY && env.WALLET_PUBLIC_URL), {
    message: 'ALIPAY_APP_ID needs ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY and WALLET_PUBLIC_URL',
  });

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  publicUrl: string;
}

export interface WalletConfig {
  sandboxEnabled: boolean;
  sandboxSecret: string;
  sandboxMode: 'normal' | 'flaky' | 'silent';
  publicUrl: string | null;
  sandboxNotifyPollMs: number;
  reconcileIntervalMs: number;
  reconcileAfterMs: number;
  alipay: AlipayConfig | null;
}

export const WALLET_CONFIG = Symbol('WalletConfig');

/** The wallet's own settings, from the environment only, validated at boot with the variable's name. */
export function walletConfig(app: AppConfig, env: Record<string, string | undefined> = process.env): WalletConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(
      `invalid wallet configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  const publicUrl = e.WALLET_PUBLIC_URL?.replace(/\/$/, '') ?? null;
  return {
    sandboxEnabled: e.WALLET_SANDBOX_ENABLED ? e.WALLET_SANDBOX_ENABLED === 'true' : app.NODE_ENV !== 'production',
    sandboxSecret:
      e.WALLET_SANDBOX_SECRET ?? createHmac('sha256', app.JWT_SECRET).update('wallet-sandbox-provider').digest('hex'),
    sandboxMode: e.WALLET_SANDBOX_MODE,
    publicUrl,
    sandboxNotifyPollMs: e.WALLET_SANDBOX_NOTIFY_POLL_MS,
    reconcileIntervalMs: e.WALLET_RECONCILE_INTERVAL_MS,
    reconcileAfterMs: e.WALLET_RECONCILE_AFTER_MS,
    alipay:
      e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY && publicUrl
        ? {
            appId: e.ALIPAY_APP_ID,
            privateKey: e.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: e.ALIPAY_PUBLIC_KEY,
            gateway: e.ALIPAY_GATEWAY,
            publicUrl,
          }
        : null,
  };
}

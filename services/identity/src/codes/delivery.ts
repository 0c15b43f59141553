import { z } from 'zod';

export type CodeChannel = 'sms' | 'email';
export const CODE_PURPOSES = ['register', 'login', 'recover', 'bindPhone', 'verifyOldPhone'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export interface OutgoingSms {
  phone: string;
  /** The whole text, for outboxes and providers that send free text. */
  text: string;
  /** Providers with approved templates send the code as a template parameter instead. */
  code: string;
  purpose: CodePurpose;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** A code's purpose, or `notification` for a member's email notifications (sent for the messaging context). */
  purpose: CodePurpose | 'notification';
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post` on notifications). */
  headers?: Record<string, string>;
}

/** Port: how a verification code leaves by SMS (a provider in production, the outbox in development). */
export interface SmsSender {
  send(message: OutgoingSms): Promise<void>;
}

/** Port: how an email (a code, a notification) leaves (SMTP when configured, the outbox otherwise). */
export interface EmailSender {
  send(message: OutgoingEmail): Promise<void>;
}

export const SMS_SENDER = Symbol('SmsSender');
export const EMAIL_SENDER = Symbol('EmailSender');

/**
 * Delivery configuration, read from the environment like the rest of the configuration but owned here:
 * only identity sends codes. `SMS_PROVIDER=aliyun` needs its four ALIYUN_SMS_* variables.
 */
const deliverySchema = z
  .object({
    SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
    ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    SMTP_FROM: z.string().min(3).default('Forum <no-reply@localhost>'),
  })
  .refine(
    (env) =>
      env.SMS_PROVIDER !== 'aliyun' ||
      (env.ALIYUN_SMS_ACCESS_KEY_ID &&
        env.ALIYUN_SMS_ACCESS_KEY_SECRET &&
        env.ALIYUN_SMS_SIGN_NAME &&
        env.ALIYUN_SMS_TEMPLATE_CODE),
    { message: 'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, _ACCESS_KEY_SECRET, _SIGN_NAME, _TEMPLATE_CODE' },
  );

export type DeliveryConfig = z.infer<typeof deliverySchema>;

export function deliveryConfig(env: Record<string, string | undefined> = process.env): DeliveryConfig {
  const parsed = deliverySchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (parsed.success) return parsed.data;
  throw new Error(
    `invalid code delivery configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
}

import { z } from 'zod';

/**
 * Email notification settings, read from the environment like identity's delivery settings but owned here.
 * `EMAIL_LINK_BASE_URL` is where members open the site (links and unsubscribe links in emails point there);
 * digests cover calendar days at `EMAIL_DIGEST_UTC_OFFSET_HOURS` (China: +8).
 */
const emailSchema = z.object({
  EMAIL_LINK_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  EMAIL_DIGEST_UTC_OFFSET_HOURS: z.coerce.number().int().min(-12).max(14).default(8),
});

export interface EmailConfig {
  linkBaseUrl: string;
  digestOffsetHours: number;
}

export function emailConfig(env: Record<string, string | undefined> = process.env): EmailConfig {
  const parsed = emailSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(
      `invalid email configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return {
    linkBaseUrl: parsed.data.EMAIL_LINK_BASE_URL.replace(/\/$/, ''),
    digestOffsetHours: parsed.data.EMAIL_DIGEST_UTC_OFFSET_HOURS,
  };
}

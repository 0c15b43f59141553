import { z } from 'zod';
import { CODE_PURPOSES } from './delivery';

/** The form rules' lengths (docs/rules/web.md): phone 5–20 digits (mainland numbers are 11), email 5–90, codes 6. */
export const phoneField = z.string().trim().min(5).max(20).regex(/^\d+$/);
export const emailField = z
  .string()
  .trim()
  .min(5)
  .max(90)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
export const codeField = z.string().trim().length(6);
export const passwordField = z.string().min(7).max(64);
export const captchaFields = {
  captchaKey: z.string().min(1).max(64),
  captcha: z.string().trim().length(4),
};

/** The target depends on the purpose: a phone or address, an account name for recovery, nothing for the old phone. */
function targetSchema(channel: 'sms' | 'email', purpose: (typeof CODE_PURPOSES)[number]): z.ZodType | null {
  if (purpose === 'verifyOldPhone') return null;
  if (purpose === 'recover') return z.string().trim().min(3).max(25);
  return channel === 'sms' ? phoneField : emailField;
}

export const requestCodeBody = z
  .strictObject({
    channel: z.enum(['sms', 'email']),
    target: z.string().max(200).default(''),
    purpose: z.enum(CODE_PURPOSES),
    ...captchaFields,
  })
  .superRefine((body, ctx) => {
    if ((body.purpose === 'bindPhone' || body.purpose === 'verifyOldPhone') && body.channel !== 'sms') {
      ctx.addIssue({ code: 'custom', path: ['channel'], params: { code: 'validation.invalid_value' } });
      return;
    }
    const schema = targetSchema(body.channel, body.purpose);
    const parsed = schema?.safeParse(body.target, { reportInput: true });
    for (const issue of parsed?.error?.issues ?? []) ctx.addIssue({ ...issue, path: ['target'] } as never);
  })
  .transform((body) => ({ ...body, target: body.target.trim() }));
export type RequestCodeBody = z.infer<typeof requestCodeBody>;

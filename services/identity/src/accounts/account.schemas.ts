import { z } from 'zod';
import { formBoolean, singleLine } from '@forum/platform';

/** The account form rules (docs/rules/people.md, docs/rules/web.md), enforced here and mirrored by the forms. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]+$/;

/** A nickname: one line (`singleLine`), ≤ 15 characters (docs/rules/people.md). */
export const nicknameField = singleLine(z.string().trim().min(1).max(15));
/** The password-recovery hint question or answer: one line, 7–50 characters. */
export const hintField = singleLine(z.string().trim().min(7).max(50));

const captchaFields = {
  captchaKey: z.string().min(1).max(64).optional(),
  captcha: z.string().trim().length(4).optional(),
};

export const registerBody = z
  .strictObject({
    account: z.string().trim().min(3).max(25).regex(ACCOUNT_PATTERN),
    password: z.string().min(7).max(64),
    confirmPassword: z.string().min(1).max(64),
    nickname: nicknameField.optional(),
    hintQuestion: hintField.optional(),
    hintAnswer: hintField.optional(),
    agreeTerms: formBoolean().default(false),
    captchaKey: z.string().min(1).max(64),
    captcha: z.string().trim().length(4),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    params: { code: 'validation.mismatch' },
  })
  .refine((body) => body.agreeTerms, { path: ['agreeTerms'], params: { code: 'validation.must_accept' } })
  .refine((body) => (body.hintQuestion === undefined) === (body.hintAnswer === undefined), {
    path: ['hintAnswer'],
    params: { code: 'validation.required' },
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  account: z.string().trim().min(3).max(25),
  password: z.string().min(1).max(64),
  ...captchaFields,
});
export type LoginBody = z.infer<typeof loginBody>;

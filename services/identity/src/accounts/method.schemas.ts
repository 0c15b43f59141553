import { z } from 'zod';
import { formBoolean } from '@forum/platform';
import { captchaFields, codeField, emailField, passwordField, phoneField } from '../codes/code.schemas';
import { loginBody, nicknameField, registerBody } from './account.schemas';
import type { LoginBody, RegisterBody } from './account.schemas';

/** Not ticking the box sends nothing: that is a refusal (`validation.must_accept`), not a missing field. */
const agreeTerms = formBoolean().default(false);
const sameAsPassword = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;
const mismatch = { path: ['confirmPassword'], params: { code: 'validation.mismatch' } };
const termsAccepted = (body: { agreeTerms: boolean }) => body.agreeTerms;
const mustAccept = { path: ['agreeTerms'], params: { code: 'validation.must_accept' } };

/**
 * The code proves a person asked for it (sending it took a captcha), so registering with it asks for no second
 * captcha; one sent anyway is still checked.
 */
const codeRegistration = {
  password: passwordField,
  confirmPassword: z.string().min(1).max(64),
  nickname: nicknameField.optional(),
  agreeTerms,
  captchaKey: captchaFields.captchaKey.optional(),
  captcha: captchaFields.captcha.optional(),
};

export const registerByPhoneBody = z
  .strictObject({ method: z.literal('phone'), phone: phoneField, smsCode: codeField, ...codeRegistration })
  .refine(sameAsPassword, mismatch)
  .refine(termsAccepted, mustAccept);
export const registerByEmailBody = z
  .strictObject({ method: z.literal('email'), email: emailField, emailCode: codeField, ...codeRegistration })
  .refine(sameAsPassword, mismatch)
  .refine(termsAccepted, mustAccept);
export type RegisterByPhoneBody = z.infer<typeof registerByPhoneBody>;
export type RegisterByEmailBody = z.infer<typeof registerByEmailBody>;

export const loginByPhoneBody = z.strictObject({ method: z.literal('phone'), phone: phoneField, smsCode: codeField });
export const loginByEmailBody = z.strictObject({ method: z.literal('email'), email: emailField, emailCode: codeField });
export type LoginByPhoneBody = z.infer<typeof loginByPhoneBody>;
export type LoginByEmailBody = z.infer<typeof loginByEmailBody>;

/** `method: 'account'` (or none) is the account form as it always was. */
const withoutAccountMethod = (input: unknown) => {
  if (!input || typeof input !== 'object' || (input as { method?: unknown }).method !== 'account') return input;
  const { method: _method, ...rest } = input as Record<string, unknown>;
  return rest;
};

/** Picks the form by `method` and validates it whole, so every field error names a field of that form. */
function byMethod<A extends z.ZodType, P extends z.ZodType, E extends z.ZodType>(account: A, phone: P, email: E) {
  const forms: Record<string, z.ZodType> = { account: z.preprocess(withoutAccountMethod, account), phone, email };
  return z
    .looseObject({ method: z.enum(['account', 'phone', 'email']).optional() })
    .transform((body, ctx): z.output<A> | z.output<P> | z.output<E> => {
      const parsed = forms[body.method ?? 'account']!.safeParse(body, { reportInput: true });
      if (parsed.success) return parsed.data as z.output<A> | z.output<P> | z.output<E>;
      for (const issue of parsed.error.issues) ctx.addIssue(issue as never);
      return z.NEVER;
    });
}

export const registerAnyBody = byMethod(registerBody, registerByPhoneBody, registerByEmailBody);
export type RegisterAnyBody = RegisterBody | RegisterByPhoneBody | RegisterByEmailBody;
export const loginAnyBody = byMethod(loginBody, loginByPhoneBody, loginByEmailBody);
export type LoginAnyBody = LoginBody | LoginByPhoneBody | LoginByEmailBody;

import { z } from 'zod';
import { formBoolean } from '@forum/platform';
import { hintField, nicknameField } from '../accounts/account.schemas';

/** docs/rules/people.md: nickname ≤ 15 characters; hint question and answer each ≥ 7 (the registration form's rules). */
export const profilePatchBody = z
  .strictObject({
    nickname: nicknameField.optional(),
    allowUserDynamic: formBoolean().optional(),
    hintQuestion: hintField.optional(),
    hintAnswer: hintField.optional(),
  })
  .refine((body) => (body.hintQuestion === undefined) === (body.hintAnswer === undefined), {
    path: ['hintAnswer'],
    params: { code: 'validation.required' },
  });
export type ProfilePatchBody = z.infer<typeof profilePatchBody>;

export const passwordChangeBody = z
  .strictObject({
    oldPassword: z.string().min(1).max(64),
    password: z.string().min(7).max(64),
    confirmPassword: z.string().min(1).max(64),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    params: { code: 'validation.mismatch' },
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const cancelBody = z.strictObject({
  password: z.string().min(1).max(64),
  confirm: formBoolean().pipe(z.literal(true)),
});
export type CancelBody = z.infer<typeof cancelBody>;

const pixel = z.coerce.number().int().min(0).max(100_000);

/** The crop box in source pixels, as multipart text fields: all four or none. */
export const cropFields = z
  .strictObject({ x: pixel.optional(), y: pixel.optional(), width: pixel.optional(), height: pixel.optional() })
  .refine(
    (crop) =>
      [crop.x, crop.y, crop.width, crop.height].every((value) => value === undefined) ||
      [crop.x, crop.y, crop.width, crop.height].every((value) => value !== undefined),
    { path: ['width'], params: { code: 'validation.required' } },
  );

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The profile answers are public read views (ADR 0047). */
export type { MeView, PublicProfileView } from '@forum/contracts';

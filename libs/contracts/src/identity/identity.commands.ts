import { z } from 'zod';
import { definePeerCommand } from '../peers/peer-command';
import { MEMBERSHIP_DURATION_UNITS } from '../wallet/membership.events';

/** The commands identity answers for the other contexts (ADR 0040). */

/**
 * `identity.extendRole`: the wallet, after a membership card is paid (ADR 0015); idempotent on `operationId`, so the
 * wallet's healing reactor may send it again after a crash.
 */
export const extendRoleCommand = definePeerCommand({
  name: 'identity.extendRole',
  input: z.strictObject({
    memberId: z.string().min(1).max(64),
    roleId: z.string().min(1).max(64),
    duration: z.number().int().positive(),
    unit: z.enum(MEMBERSHIP_DURATION_UNITS),
    operationId: z.string().min(1).max(200),
    reason: z.string().max(200),
  }),
  answer: z.object({ validUntil: z.string().nullable() }),
  errors: ['common.validation_failed', 'identity.member_not_found', 'identity.role_not_found', 'common.conflict'],
});

/**
 * `identity.emailMember`: messaging's notifications email a member without ever holding the address. `no_address`:
 * the member has no verified email (or is cancelled); nothing was sent and nothing ever will be.
 */
export const emailMemberCommand = definePeerCommand({
  name: 'identity.emailMember',
  input: z.strictObject({
    memberId: z.string().min(1).max(64),
    subject: z.string().min(1).max(300),
    text: z.string().min(1).max(200_000),
    headers: z.record(z.string().regex(/^[A-Za-z-]{1,60}$/), z.string().max(2000)).optional(),
  }),
  answer: z.union([
    z.object({ sent: z.literal(true) }),
    z.object({ sent: z.literal(false), reason: z.literal('no_address') }),
  ]),
  errors: ['common.validation_failed'],
});

/** `identity.checkCaptcha`: whether the member typed the captcha right; single-use, right or wrong. */
export const checkCaptchaCommand = definePeerCommand({
  name: 'identity.checkCaptcha',
  input: z.object({ captchaKey: z.string().optional(), text: z.string().optional() }),
  answer: z.boolean(),
  errors: [],
});

import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, Public, RateLimit, ValidBody } from '@forum/platform';
import { captchaFields, codeField, passwordField } from '../codes/code.schemas';
import { RecoveryWays, ResetPasswordCommand, StartRecoveryCommand, VerifyRecoveryCommand } from './recovery.commands';

const account = z.string().trim().min(3).max(25);
const startBody = z.strictObject({ account, ...captchaFields });
const verifyBody = z
  .strictObject({
    account,
    way: z.enum(['hint', 'phone', 'email']),
    hintAnswer: z.string().trim().min(1).max(50).optional(),
    code: codeField.optional(),
  })
  .refine((body) => body.way !== 'hint' || body.hintAnswer !== undefined, {
    path: ['hintAnswer'],
    params: { code: 'validation.required' },
  })
  .refine((body) => body.way === 'hint' || body.code !== undefined, {
    path: ['code'],
    params: { code: 'validation.required' },
  });
const resetBody = z
  .strictObject({
    recoveryToken: z.string().min(1).max(100),
    password: passwordField,
    confirmPassword: z.string().min(1).max(64),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    params: { code: 'validation.mismatch' },
  });

/** Finding a lost password: step 1 the account (and a proof), step 2 the new password. */
@ApiTags('identity')
@Public()
@Controller('identity/password-recovery')
export class RecoveryController {
  constructor(private readonly commands: CommandBus) {}

  @Post('start')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'ip' })
  start(
    @ValidBody(startBody) body: z.infer<typeof startBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<RecoveryWays> {
    return this.commands.execute(new StartRecoveryCommand(body.account, body.captchaKey, body.captcha, meta));
  }

  /** Hint answers and codes are guessable in theory: few tries per address per minute. */
  @Post('verify')
  @HttpCode(200)
  @RateLimit({ limit: 5, windowSeconds: 60, by: 'ip' })
  verify(
    @ValidBody(verifyBody) body: z.infer<typeof verifyBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ recoveryToken: string }> {
    const proof = body.way === 'hint' ? body.hintAnswer! : body.code!;
    return this.commands.execute(new VerifyRecoveryCommand(body.account, body.way, proof, meta));
  }

  @Post('reset')
  @HttpCode(204)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'ip' })
  async reset(
    @ValidBody(resetBody) body: z.infer<typeof resetBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new ResetPasswordCommand(body.recoveryToken, body.password, meta));
  }
}

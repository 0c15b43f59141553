import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, RateLimit, ValidBody } from '@forum/platform';
import { codeField, phoneField } from '../codes/code.schemas';
import { BindPhoneCommand, BoundPhone, ChangePhoneCommand, VerifyOldPhoneCommand } from './phone.commands';

const bindBody = z.strictObject({ phone: phoneField, smsCode: codeField });
const verifyOldBody = z.strictObject({ smsCode: codeField });
const changeBody = z.strictObject({ changeToken: z.string().min(1).max(100), phone: phoneField, smsCode: codeField });

/** The signed-in member's phone: binding (= real-name authentication) and the two-step change. */
@ApiTags('identity')
@Controller('identity/me/phone')
export class PhoneController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  bind(@ValidBody(bindBody) body: z.infer<typeof bindBody>, @CommandMeta() meta: CommandMetadata): Promise<BoundPhone> {
    return this.commands.execute(new BindPhoneCommand(body.phone, body.smsCode, meta));
  }

  @Post('verify-old')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  verifyOld(
    @ValidBody(verifyOldBody) body: z.infer<typeof verifyOldBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ changeToken: string }> {
    return this.commands.execute(new VerifyOldPhoneCommand(body.smsCode, meta));
  }

  @Post('change')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  change(
    @ValidBody(changeBody) body: z.infer<typeof changeBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<BoundPhone> {
    return this.commands.execute(new ChangePhoneCommand(body.changeToken, body.phone, body.smsCode, meta));
  }
}

import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, RequiresPermission, ValidBody } from '@forum/platform';
import { ACCOUNT_PATTERN, nicknameField } from '../accounts/account.schemas';
import { CreateStaffAccountCommand } from './staff.commands';
import type { StaffMemberView } from './staff.commands';

/** The registration form's rules (docs/rules/web.md) for the fields a staff account is created with. */
const staffAccountBody = z.strictObject({
  account: z.string().trim().min(3).max(25).regex(ACCOUNT_PATTERN),
  password: z.string().min(7).max(64),
  nickname: nicknameField.optional(),
});

/**
 * Staff accounts are created by staff holding `members.manage` (there is no public staff registration), through
 * the registration saga, so account and nickname reservations are the members' ones. Roles are granted afterwards
 * on the member screen; a new staff account has no staff permission until then.
 */
@ApiTags('identity')
@Controller('identity/staff/accounts')
export class StaffAccountsController {
  constructor(private readonly commands: CommandBus) {}

  @RequiresPermission('members.manage')
  @Post()
  @HttpCode(201)
  create(
    @ValidBody(staffAccountBody) body: z.infer<typeof staffAccountBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<StaffMemberView> {
    return this.commands.execute(new CreateStaffAccountCommand(body, meta));
  }
}

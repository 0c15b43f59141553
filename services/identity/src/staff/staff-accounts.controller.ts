import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { stepMeta } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CommandMeta, CONTEXT_DB, RequiresPermission, ValidBody } from '@forum/platform';
import { ACCOUNT_PATTERN, nicknameField } from '../accounts/account.schemas';
import { RegisterMemberCommand } from '../accounts/commands';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import type { IssuedTokens } from '../sessions/session-issuer';
import { staffMemberView, StaffMemberView } from './staff.controller';

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
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  @RequiresPermission('members.manage')
  @Post()
  @HttpCode(201)
  async create(
    @ValidBody(staffAccountBody) body: z.infer<typeof staffAccountBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<StaffMemberView> {
    const issued: IssuedTokens = await this.commands.execute(
      new RegisterMemberCommand(
        { ...body, confirmPassword: body.password, agreeTerms: true },
        stepMeta(meta, 'register'),
        'staff',
        true,
      ),
    );
    // Registration also opens a session; its tokens are dropped here, never handed to the creating staff member.
    const memberId = issued.systemUser.id;
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    if (!member) throw new DomainError('common.not_found');
    return staffMemberView(member);
  }
}

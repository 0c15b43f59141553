import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { stepMeta } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { RegisterMemberCommand } from '../accounts/commands';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { CancelAccountCommand } from '../profile/profile.commands';
import { pathId } from '../roles/role.schemas';
import type { IssuedTokens } from '../sessions/session-issuer';
import { SetMemberStateCommand } from './set-member-state';

export interface StaffMemberView {
  id: string;
  account: string;
  nickname: string | null;
  kind: 'member' | 'staff';
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
}

export const staffMemberView = (member: MemberDocument): StaffMemberView => ({
  id: member._id,
  account: member.account,
  nickname: member.nickname,
  kind: member.kind,
  state: member.state,
  registeredAt: member.registeredAt,
});

async function viewOf(db: Db, memberId: string): Promise<StaffMemberView> {
  const member = await db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
  if (!member) throw new DomainError('common.not_found');
  return staffMemberView(member);
}

/** Staff (`members.manage`, on the route) create a staff account through the registration saga. */
export class CreateStaffAccountCommand extends Command<StaffMemberView> {
  constructor(
    readonly body: { account: string; password: string; nickname?: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff enable, disable or cancel a member's account; answered with the member as the console lists them. */
export class ChangeMemberStateCommand extends Command<StaffMemberView> {
  constructor(
    readonly memberId: string,
    readonly state: 'enabled' | 'disabled' | 'cancelled',
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Runs the registration saga as a staff account; the session it opens is dropped, never handed to the creator. */
@CommandHandler(CreateStaffAccountCommand)
export class CreateStaffAccountHandler implements ICommandHandler<CreateStaffAccountCommand> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async execute({ body, meta }: CreateStaffAccountCommand): Promise<StaffMemberView> {
    const issued: IssuedTokens = await this.commands.execute(
      new RegisterMemberCommand(
        { ...body, confirmPassword: body.password, agreeTerms: true },
        stepMeta(meta, 'register'),
        'staff',
        true,
      ),
    );
    return viewOf(this.db, issued.systemUser.id);
  }
}

/** Cancelling is the member's own cancellation run by staff; enabling and disabling are the member-state stream's. */
@CommandHandler(ChangeMemberStateCommand)
export class ChangeMemberStateHandler implements ICommandHandler<ChangeMemberStateCommand> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async execute({ memberId, state, meta }: ChangeMemberStateCommand): Promise<StaffMemberView> {
    await this.commands.execute(
      state === 'cancelled'
        ? new CancelAccountCommand(pathId(memberId), null, meta, true)
        : new SetMemberStateCommand(pathId(memberId), state, meta),
    );
    return viewOf(this.db, memberId);
  }
}

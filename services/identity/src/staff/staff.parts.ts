import { memberSessionsProjection, MemberSessions } from '../sessions/member-sessions';
import { SetMemberStateHandler } from './set-member-state';
import { StaffAccountsController } from './staff-accounts.controller';
import { ChangeMemberStateHandler, CreateStaffAccountHandler } from './staff.commands';
import { StaffMembersController } from './staff.controller';

/** The staff console's member management: what the identity module mounts for it. */
export const staffParts = {
  projections: [memberSessionsProjection],
  controllers: [StaffMembersController, StaffAccountsController],
  providers: [MemberSessions, SetMemberStateHandler, CreateStaffAccountHandler, ChangeMemberStateHandler],
};

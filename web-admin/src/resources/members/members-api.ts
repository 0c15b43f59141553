import type { Identifier } from 'react-admin';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';

/** `cancelled` is irreversible. */
export type MemberState = 'enabled' | 'disabled' | 'cancelled';

export interface StaffAccountInput {
  account: string;
  password: string;
  nickname?: string;
}

export interface GrantRoleInput {
  roleId: string;
  /** ISO instant the grant ends; `null` grants it for good. */
  validUntil: string | null;
}

/** `GET /api/identity/staff/member-stats`: members (staff aside) not cancelled, and today's (UTC) sign-ups. */
export interface MemberStats {
  membersTotal: number;
  registeredToday: number;
}

export interface MemberProfile {
  id: string;
  nickname: string | null;
  cancelled: boolean;
}

export interface MemberRole {
  roleId: string;
  name: string;
  kind: 'member' | 'staff';
  validUntil: string | null;
  expired: boolean;
}

/** Identity's part of every console provider: a member's state and roles, staff accounts, member figures. */
export interface MemberVerbs {
  setMemberState(memberId: Identifier, state: MemberState, options?: CommandOptions): Promise<{ data: unknown }>;
  grantRole(memberId: Identifier, input: GrantRoleInput, options?: CommandOptions): Promise<{ data: unknown }>;
  /** A staff account with no role yet (roles are granted on the member screen). */
  createStaffAccount(input: StaffAccountInput, options?: CommandOptions): Promise<{ data: unknown }>;
  revokeRole(memberId: Identifier, roleId: string, options?: CommandOptions): Promise<{ data: unknown }>;
  /** The roles granted to a member (the default role aside), each with its end and whether it has expired. */
  memberRoles(memberId: Identifier): Promise<MemberRole[]>;
  /** What anyone may see of a member (`GET /api/identity/members/:id`): a row that carries only the id names them. */
  memberProfile(memberId: Identifier): Promise<MemberProfile>;
  memberStats(): Promise<MemberStats>;
}

export function memberVerbs({ read, command }: ProviderContext): MemberVerbs {
  return {
    setMemberState: (memberId, state, options) =>
      command(`identity/members/${segment(memberId)}/state`, { state }, options),
    grantRole: (memberId, input, options) => command(`identity/members/${segment(memberId)}/roles`, input, options),
    createStaffAccount: (input, options) => command('identity/staff/accounts', input, options),
    revokeRole: (memberId, roleId, options) =>
      command(`identity/members/${segment(memberId)}/roles/${segment(roleId)}`, undefined, options, 'DELETE'),
    memberRoles: (memberId) => read<MemberRole[]>(`identity/members/${segment(memberId)}/roles`),
    memberProfile: (memberId) => read<MemberProfile>(`identity/members/${segment(memberId)}`),
    memberStats: () => read<MemberStats>('identity/staff/member-stats'),
  };
}

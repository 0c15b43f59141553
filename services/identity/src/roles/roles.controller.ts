import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { ALL_PERMISSIONS } from '@forum/contracts';
import type { Actor, CommandMetadata, Permission, RolePermission } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CONTEXT_DB,
  CurrentActor,
  PERMISSION_GRANTS,
  PERMISSION_ROLES,
  PermissionChecker,
  PermissionGrantDocument,
  PermissionRoleDocument,
  RequiresPermission,
  ValidBody,
} from '@forum/platform';
import {
  ChangeRoleCommand,
  DefineRoleCommand,
  DeleteRoleCommand,
  GrantRoleCommand,
  RevokeRoleCommand,
} from './commands';
import { BUILT_IN_ROLE_IDS } from './role.decider';
import { changeRoleBody, defineRoleBody, grantRoleBody, pathId } from './role.schemas';
import type { ChangeRoleBody, DefineRoleBody, GrantRoleBody } from './role.schemas';

export interface RoleView {
  id: string;
  name: string;
  kind: 'member' | 'staff';
  permissions: RolePermission[];
  isDefault: boolean;
  builtIn: boolean;
}

export interface MemberRoleView {
  roleId: string;
  name: string;
  kind: 'member' | 'staff';
  validUntil: string | null;
  expired: boolean;
}

const roleView = (role: PermissionRoleDocument): RoleView => ({
  id: role._id,
  name: role.name,
  kind: role.kind,
  permissions: role.permissions,
  isDefault: role.isDefault,
  builtIn: BUILT_IN_ROLE_IDS.includes(role._id),
});

/** Staff manage roles and who holds them; members read their own roles and effective permissions. */
@ApiTags('identity')
@Controller('identity')
export class RolesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly permissions: PermissionChecker,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  @RequiresPermission('roles.manage')
  @Get('roles')
  async list(): Promise<RoleView[]> {
    const roles = await this.db.collection<PermissionRoleDocument>(PERMISSION_ROLES).find({ deleted: false }).toArray();
    const builtInFirst = (role: PermissionRoleDocument) => (BUILT_IN_ROLE_IDS.includes(role._id) ? 0 : 1);
    return roles.sort((a, b) => builtInFirst(a) - builtInFirst(b) || a._id.localeCompare(b._id)).map(roleView);
  }

  @RequiresPermission('roles.manage')
  @Post('roles')
  @HttpCode(201)
  async define(@ValidBody(defineRoleBody) body: DefineRoleBody, @CommandMeta() meta: CommandMetadata) {
    const { id } = await this.commands.execute(new DefineRoleCommand(body, meta));
    return this.role(id);
  }

  @RequiresPermission('roles.manage')
  @Patch('roles/:id')
  async change(
    @Param('id') id: string,
    @ValidBody(changeRoleBody) body: ChangeRoleBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<RoleView> {
    await this.commands.execute(new ChangeRoleCommand(pathId(id), body, meta));
    return this.role(id);
  }

  @RequiresPermission('roles.manage')
  @Delete('roles/:id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @CommandMeta() meta: CommandMetadata): Promise<void> {
    await this.commands.execute(new DeleteRoleCommand(pathId(id), meta));
  }

  @RequiresPermission('roles.manage')
  @Get('members/:id/roles')
  memberRoles(@Param('id') memberId: string, @CommandMeta() meta: CommandMetadata): Promise<MemberRoleView[]> {
    return this.grantsOf(pathId(memberId), meta.now);
  }

  @RequiresPermission('roles.manage')
  @Post('members/:id/roles')
  @HttpCode(200)
  async grant(
    @Param('id') memberId: string,
    @ValidBody(grantRoleBody) body: GrantRoleBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<MemberRoleView[]> {
    const validUntil = body.validUntil ? new Date(body.validUntil) : null;
    await this.commands.execute(new GrantRoleCommand(pathId(memberId), body.roleId, validUntil, body.reason, meta));
    return this.grantsOf(memberId, meta.now);
  }

  @RequiresPermission('roles.manage')
  @Delete('members/:id/roles/:roleId')
  @HttpCode(204)
  async revoke(
    @Param('id') memberId: string,
    @Param('roleId') roleId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new RevokeRoleCommand(pathId(memberId), pathId(roleId), 'staff', meta));
  }

  /**
   * The caller's roles in force and when each ends: a member who bought a membership card sees its role and its
   * expiry on their own page. Expired grants are left out; other members' roles stay with staff.
   */
  @Get('me/roles')
  async myRoles(@CurrentActor() actor: Actor, @CommandMeta() meta: CommandMetadata): Promise<MemberRoleView[]> {
    if (!actor.id) return [];
    return (await this.grantsOf(actor.id, meta.now)).filter((role) => !role.expired);
  }

  /** What the caller may do now: each permission with `null` (every tag) or the tags it is limited to. */
  @Get('me/permissions')
  async myPermissions(
    @CurrentActor() actor: Actor,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ permissions: Partial<Record<Permission, string[] | null>> }> {
    const effective = await this.permissions.effective(actor, meta.now);
    return {
      permissions: Object.fromEntries(
        ALL_PERMISSIONS.filter((permission) => effective.has(permission)).map((permission) => [
          permission,
          effective.tagIds(permission),
        ]),
      ),
    };
  }

  private async role(id: string): Promise<RoleView> {
    const role = await this.db
      .collection<PermissionRoleDocument>(PERMISSION_ROLES)
      .findOne({ _id: id, deleted: false });
    if (!role) throw new DomainError('identity.role_not_found');
    return roleView(role);
  }

  private async grantsOf(memberId: string, now: Date): Promise<MemberRoleView[]> {
    const grants = await this.db
      .collection<PermissionGrantDocument>(PERMISSION_GRANTS)
      .find({ memberId, active: true })
      .toArray();
    const roles = await this.db
      .collection<PermissionRoleDocument>(PERMISSION_ROLES)
      .find({ _id: { $in: grants.map((grant) => grant.roleId) }, deleted: false })
      .toArray();
    const byId = new Map(roles.map((role) => [role._id, role]));
    return grants.flatMap((grant) => {
      const role = byId.get(grant.roleId);
      if (!role) return [];
      const expired = grant.validUntil !== null && grant.validUntil <= now.toISOString();
      return [{ roleId: grant.roleId, name: role.name, kind: role.kind, validUntil: grant.validUntil, expired }];
    });
  }
}

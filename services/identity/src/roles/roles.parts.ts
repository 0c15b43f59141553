import { PermissionChecker, permissionSetsProjection } from '@forum/platform';
import { BuiltInRoles } from './built-in-roles';
import {
  ChangeRoleHandler,
  DefineRoleHandler,
  DeleteRoleHandler,
  ExtendRoleHandler,
  GrantRoleHandler,
  RevokeRoleHandler,
} from './commands';
import { RoleExtensionPeer } from './role-extension.peer';
import { RolesController } from './roles.controller';

/** Roles and grants: what the identity module mounts for them. */
export const rolesParts = {
  projections: [permissionSetsProjection('identity')],
  controllers: [RolesController],
  providers: [
    PermissionChecker,
    BuiltInRoles,
    DefineRoleHandler,
    ChangeRoleHandler,
    DeleteRoleHandler,
    GrantRoleHandler,
    ExtendRoleHandler,
    RevokeRoleHandler,
    RoleExtensionPeer,
  ],
};

import type { EventEnvelope, RoleEvent, RoleGrantEvent, RolePermission } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { permissionChanges } from './permission-changes';

export const PERMISSION_ROLES = 'permission_roles';
export const PERMISSION_GRANTS = 'permission_grants';

export interface PermissionRoleDocument {
  _id: string;
  name: string;
  kind: 'member' | 'staff';
  permissions: RolePermission[];
  isDefault: boolean;
  deleted: boolean;
}

/** `_id` = `<memberId>.<roleId>`. A revoked grant stays, inactive, so a late redelivery cannot revive it. */
export interface PermissionGrantDocument {
  _id: string;
  memberId: string;
  roleId: string;
  validUntil: string | null;
  active: boolean;
}

export function permissionSetsProjectionName(context: string): string {
  return `${context}-permission-sets`;
}

/**
 * A context's own copy of identity's roles and grants, from which `PermissionChecker` computes each member's
 * effective permission set. One per context (the name carries the context, for the all-in-one process).
 */
export function permissionSetsProjection(context: string): ProjectionDefinition {
  const name = permissionSetsProjectionName(context);
  return {
    name,
    version: 1,
    topics: ['identity.role', 'identity.roleGrant'],
    collections: [PERMISSION_ROLES, PERMISSION_GRANTS],
    apply(envelope: EventEnvelope, writer: ReadModelWriter) {
      const event = envelope as EventEnvelope & (RoleEvent | RoleGrantEvent);
      switch (event.type) {
        case 'RoleDefined':
        case 'RoleChanged': {
          const { name: roleName, kind, permissions, isDefault } = event.data;
          writer.upsertVersioned(PERMISSION_ROLES, event.data.roleId, envelope, {
            $set: { name: roleName, kind, permissions, isDefault, deleted: false },
          });
          break;
        }
        case 'RoleDeleted':
          writer.upsertVersioned(PERMISSION_ROLES, event.data.roleId, envelope, { $set: { deleted: true } });
          break;
        case 'RoleGranted': {
          const { memberId, roleId, validUntil } = event.data;
          writer.upsertVersioned(PERMISSION_GRANTS, `${memberId}.${roleId}`, envelope, {
            $set: { memberId, roleId, validUntil, active: true },
          });
          break;
        }
        case 'RoleRevoked': {
          const { memberId, roleId } = event.data;
          writer.upsertVersioned(PERMISSION_GRANTS, `${memberId}.${roleId}`, envelope, {
            $set: { memberId, roleId, validUntil: null, active: false },
          });
          break;
        }
        default:
          return;
      }
      permissionChanges.announce(context, {
        memberId: event.type === 'RoleGranted' || event.type === 'RoleRevoked' ? event.data.memberId : null,
        projection: name,
        streamId: envelope.streamId,
        version: envelope.version,
      });
    },
    async createIndexes(db, physical) {
      await db.collection(physical(PERMISSION_GRANTS)).createIndex({ memberId: 1 });
    },
  };
}

import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';
import { MEMBER_PERMISSIONS, STAFF_PERMISSIONS } from './permissions';

const ROLE = { context: 'identity', aggregate: 'role' } as const;
const ROLE_GRANT = { context: 'identity', aggregate: 'roleGrant' } as const;

const roleDefinition = z.object({
  name: z.string(),
  kind: z.enum(['member', 'staff']),
  permissions: z.array(
    z.object({
      permission: z.enum([...MEMBER_PERMISSIONS, ...STAFF_PERMISSIONS]),
      tagIds: z.array(z.string()).nullable(),
    }),
  ),
  /** A default role is held by every member without a grant. */
  isDefault: z.boolean(),
});

/** Stream `role-<roleId>`: the whole definition travels in every event, so consumers just replace it. */
export const RoleDefined = defineEvent({
  ...ROLE,
  type: 'RoleDefined',
  schema: roleDefinition.extend({ roleId: z.string() }),
});

export const RoleChanged = defineEvent({
  ...ROLE,
  type: 'RoleChanged',
  schema: roleDefinition.extend({ roleId: z.string() }),
});

/** Grants of a deleted role stop counting; the grant streams are left as they were. */
export const RoleDeleted = defineEvent({ ...ROLE, type: 'RoleDeleted', schema: z.object({ roleId: z.string() }) });

/**
 * Stream `roleGrant-<memberId>.<roleId>`: one member holding one role, until `validUntil` (ISO time, null = for
 * good). Granting again replaces the period. `grantedBy` is a staff id, or e.g. a membership order's id.
 */
export const RoleGranted = defineEvent({
  ...ROLE_GRANT,
  type: 'RoleGranted',
  schema: z.object({
    memberId: z.string(),
    roleId: z.string(),
    validUntil: z.string().nullable(),
    reason: z.string(),
    grantedBy: z.string().nullable(),
  }),
});

export const RoleRevoked = defineEvent({
  ...ROLE_GRANT,
  type: 'RoleRevoked',
  schema: z.object({ memberId: z.string(), roleId: z.string(), reason: z.string(), revokedBy: z.string().nullable() }),
});

export type RoleEvent = EventOf<typeof RoleDefined> | EventOf<typeof RoleChanged> | EventOf<typeof RoleDeleted>;
export type RoleGrantEvent = EventOf<typeof RoleGranted> | EventOf<typeof RoleRevoked>;

import { z } from 'zod';
import { MEMBER_PERMISSIONS, STAFF_PERMISSIONS } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { singleLine } from '@forum/platform';

const rolePermission = z.strictObject({
  permission: z.enum([...MEMBER_PERMISSIONS, ...STAFF_PERMISSIONS]),
  tagIds: z.array(z.string().min(1).max(64)).max(200).nullable().default(null),
});

export const defineRoleBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)),
  kind: z.enum(['member', 'staff']),
  permissions: z.array(rolePermission).max(100),
  isDefault: z.boolean().default(false),
});

export const changeRoleBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)).optional(),
  permissions: z.array(rolePermission).max(100).optional(),
  isDefault: z.boolean().optional(),
});

export const grantRoleBody = z.strictObject({
  roleId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** ISO time; null or absent = for good. */
  validUntil: z.iso.datetime({ offset: true }).nullable().default(null),
  reason: z.string().max(200).default(''),
});

export type DefineRoleBody = z.infer<typeof defineRoleBody>;
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;
export type GrantRoleBody = z.infer<typeof grantRoleBody>;

const ENTITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Member and role ids in paths (UUIDs, or the built-in role names): anything else names nothing. */
export function pathId(value: string): string {
  if (!ENTITY_ID.test(value)) throw new DomainError('common.not_found');
  return value;
}

/**
 * The permissions a role can hold (docs/rules/people.md). Member permissions may be limited to tags; staff permissions are
 * site-wide. Names are stable: roles store them, and the staff console shows them translated.
 */
export const MEMBER_PERMISSIONS = [
  'topic.view',
  'topic.post',
  'comment.post',
  'reply.post',
  'content.editOwn',
  'hide.password',
  'hide.comment',
  'hide.grade',
  'hide.points',
  'hide.balance',
  'question.ask',
  'answer.post',
  'upload.image',
  'upload.video',
  'upload.file',
  'like',
  'favorite',
  'follow',
  'privateMessage',
  'aiAssistant',
] as const;

export const STAFF_PERMISSIONS = [
  'reports.handle',
  'settings.edit',
  'content.manage',
  'money.adjust',
  'members.manage',
  'audit.read',
  'roles.manage',
  'operations.run',
  /** Read the site settings (changing them is `settings.edit`). */
  'settings.read',
  /** The dashboard's figures: forum statistics, visits, the pipeline's health. */
  'dashboard.read',
  /** The development outbox: other people's codes, phone numbers and email addresses. */
  'outbox.read',
  /** Close or delete anyone's poll (docs/rules/forum.md, polls). */
  'polls.manage',
] as const;

export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
export type Permission = MemberPermission | StaffPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [...MEMBER_PERMISSIONS, ...STAFF_PERMISSIONS];

export type RoleKind = 'member' | 'staff';

/** One permission of a role; `tagIds: null` means every tag (always null for staff permissions). */
export interface RolePermission {
  permission: Permission;
  tagIds: string[] | null;
}

/** Built-in roles, created idempotently by identity at startup. */
export const DEFAULT_MEMBER_ROLE_ID = 'member';
export const ADMINISTRATOR_ROLE_ID = 'administrator';

export function isMemberPermission(permission: string): permission is MemberPermission {
  return (MEMBER_PERMISSIONS as readonly string[]).includes(permission);
}

export function isStaffPermission(permission: string): permission is StaffPermission {
  return (STAFF_PERMISSIONS as readonly string[]).includes(permission);
}

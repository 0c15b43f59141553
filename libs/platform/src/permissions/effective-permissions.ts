import { ALL_PERMISSIONS } from '@forum/contracts';
import type { Actor, Permission } from '@forum/contracts';
import type { PermissionGrantDocument, PermissionRoleDocument } from './permission-sets.projection';

/** What visitors may do: read what the default roles let everyone read (docs/rules/people.md). */
const VISITOR_PERMISSIONS: readonly Permission[] = ['topic.view'];

/**
 * A member's effective permissions at one instant: computed once, then asked for as many rows as a list has.
 * For each permission either every tag (`'all'`) or the set of tags it is limited to.
 */
export class EffectivePermissions {
  constructor(private readonly scopes: ReadonlyMap<Permission, 'all' | ReadonlySet<string>>) {}

  static everything(): EffectivePermissions {
    return new EffectivePermissions(new Map(ALL_PERMISSIONS.map((permission) => [permission, 'all' as const])));
  }

  /**
   * Whether the permission is held on `tagId`; without a tag, whether it is held on at least one tag (a role
   * limited to tag X may post, but only in X).
   */
  has(permission: Permission, tagId?: string | null): boolean {
    const scope = this.scopes.get(permission);
    if (!scope) return false;
    if (scope === 'all' || tagId === undefined || tagId === null) return true;
    return scope.has(tagId);
  }

  /** Held on every one of the tags (a topic with several tags), or anywhere when there are none. */
  hasOnAll(permission: Permission, tagIds: readonly string[]): boolean {
    return tagIds.length === 0 ? this.has(permission) : tagIds.every((tagId) => this.has(permission, tagId));
  }

  /** `null` = every tag; otherwise the tags the permission is limited to (possibly none). */
  tagIds(permission: Permission): string[] | null {
    const scope = this.scopes.get(permission);
    if (scope === 'all') return null;
    return scope ? [...scope].sort() : [];
  }

  /** Every permission held somewhere, sorted (what the staff console shows and hides menus by). */
  list(): Permission[] {
    return [...this.scopes.keys()].sort();
  }
}

/**
 * Default roles plus the member's grants that are active and not expired at `now`. Staff permissions count only
 * for staff accounts, so a staff role granted to a member account by mistake opens nothing.
 */
export function effectivePermissions(
  actor: Actor,
  roles: ReadonlyMap<string, PermissionRoleDocument>,
  grants: readonly PermissionGrantDocument[],
  now: Date,
): EffectivePermissions {
  if (actor.kind === 'system') return EffectivePermissions.everything();
  const nowIso = now.toISOString();
  const held: PermissionRoleDocument[] = [...roles.values()].filter((role) => role.isDefault && !role.deleted);
  for (const grant of grants) {
    if (!grant.active || (grant.validUntil !== null && grant.validUntil <= nowIso)) continue;
    const role = roles.get(grant.roleId);
    if (role && !role.deleted && (role.kind === 'member' || actor.kind === 'staff')) held.push(role);
  }
  const scopes = new Map<Permission, 'all' | Set<string>>();
  for (const role of held) {
    for (const { permission, tagIds } of role.permissions) {
      if (actor.kind === 'visitor' && !VISITOR_PERMISSIONS.includes(permission)) continue;
      const current = scopes.get(permission);
      if (current === 'all') continue;
      if (tagIds === null) scopes.set(permission, 'all');
      else scopes.set(permission, new Set([...(current ?? []), ...tagIds]));
    }
  }
  return new EffectivePermissions(scopes);
}

import { ADMINISTRATOR_ROLE_ID, DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS, STAFF_PERMISSIONS } from '@forum/contracts';
import type { RoleEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { RoleDefinition, roleDecider } from './role.decider';

const moderator = (overrides: Partial<RoleDefinition> = {}): RoleDefinition => ({
  name: 'Moderator',
  kind: 'staff',
  permissions: [{ permission: 'reports.handle', tagIds: null }],
  isDefault: false,
  ...overrides,
});

const defined = (roleId: string, definition: RoleDefinition): RoleEvent => ({
  type: 'RoleDefined',
  data: { roleId, ...definition },
});

describe('role decider', () => {
  it('defines a role, merging a permission named twice and sorting its tags', () => {
    given(roleDecider)
      .when({
        type: 'Define',
        roleId: 'r1',
        definition: {
          name: ' Writers ',
          kind: 'member',
          permissions: [
            { permission: 'topic.post', tagIds: ['b', 'a', 'b'] },
            { permission: 'topic.post', tagIds: ['c', 'a'] },
          ],
          isDefault: false,
        },
      })
      .then([
        defined('r1', {
          name: 'Writers',
          kind: 'member',
          permissions: [{ permission: 'topic.post', tagIds: ['a', 'c'] }],
          isDefault: false,
        }),
      ]);
  });

  it('refuses a staff permission in a member role, a member permission in a staff role, a default staff role', () => {
    given(roleDecider)
      .when({
        type: 'Define',
        roleId: 'r1',
        definition: moderator({ kind: 'member' }),
      })
      .thenError('identity.role_kind_mismatch');
    given(roleDecider)
      .when({
        type: 'Define',
        roleId: 'r1',
        definition: moderator({ permissions: [{ permission: 'topic.post', tagIds: null }] }),
      })
      .thenError('identity.role_kind_mismatch');
    given(roleDecider)
      .when({ type: 'Define', roleId: 'r1', definition: moderator({ isDefault: true }) })
      .thenError('identity.role_kind_mismatch');
  });

  it('makes staff permissions site-wide whatever tags were sent', () => {
    given(roleDecider)
      .when({
        type: 'Define',
        roleId: 'r1',
        definition: moderator({ permissions: [{ permission: 'reports.handle', tagIds: ['x'] }] }),
      })
      .then([defined('r1', moderator())]);
  });

  it('changes a role, and does nothing when nothing changed', () => {
    const history = [defined('r1', moderator())];
    const changed = moderator({ permissions: [{ permission: 'audit.read', tagIds: null }] });
    given(roleDecider, history)
      .when({ type: 'Change', roleId: 'r1', definition: changed })
      .then([{ type: 'RoleChanged', data: { roleId: 'r1', ...changed } }]);
    given(roleDecider, history).when({ type: 'Change', roleId: 'r1', definition: moderator() }).thenNothingHappened();
    given(roleDecider, history)
      .when({ type: 'Change', roleId: 'r1', definition: moderator({ kind: 'member', permissions: [] }) })
      .thenError('identity.role_kind_mismatch');
  });

  it('deletes a custom role once, refuses unknown and built-in roles', () => {
    given(roleDecider, [defined('r1', moderator())])
      .when({ type: 'Delete', roleId: 'r1' })
      .then([{ type: 'RoleDeleted', data: { roleId: 'r1' } }]);
    given(roleDecider, [defined('r1', moderator()), { type: 'RoleDeleted', data: { roleId: 'r1' } }])
      .when({ type: 'Delete', roleId: 'r1' })
      .thenNothingHappened();
    given(roleDecider).when({ type: 'Delete', roleId: 'r2' }).thenError('identity.role_not_found');
    given(roleDecider).when({ type: 'Delete', roleId: DEFAULT_MEMBER_ROLE_ID }).thenError('identity.role_builtin');
    given(roleDecider)
      .when({ type: 'Change', roleId: 'r2', definition: moderator() })
      .thenError('identity.role_not_found');
  });

  describe('built-in roles', () => {
    const administrator = {
      name: 'Administrator',
      kind: 'staff' as const,
      permissions: STAFF_PERMISSIONS.map((permission) => ({ permission, tagIds: null })),
      isDefault: false,
    };
    const member = {
      name: 'Member',
      kind: 'member' as const,
      permissions: MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null })),
      isDefault: true,
    };

    it('creates the default member role with every member permission on every tag, once', () => {
      given(roleDecider)
        .when({ type: 'EnsureBuiltIn', roleId: DEFAULT_MEMBER_ROLE_ID })
        .then([defined(DEFAULT_MEMBER_ROLE_ID, member)]);
      given(roleDecider, [defined(DEFAULT_MEMBER_ROLE_ID, member)])
        .when({ type: 'EnsureBuiltIn', roleId: DEFAULT_MEMBER_ROLE_ID })
        .thenNothingHappened();
    });

    it('keeps the staff edits of the default member role, which stays the default', () => {
      const limited = { ...member, permissions: [{ permission: 'topic.view' as const, tagIds: null }] };
      const history = [defined(DEFAULT_MEMBER_ROLE_ID, member)];
      given(roleDecider, history)
        .when({ type: 'Change', roleId: DEFAULT_MEMBER_ROLE_ID, definition: { ...limited, isDefault: false } })
        .then([{ type: 'RoleChanged', data: { roleId: DEFAULT_MEMBER_ROLE_ID, ...limited } }]);
      given(roleDecider, [...history, { type: 'RoleChanged', data: { roleId: DEFAULT_MEMBER_ROLE_ID, ...limited } }])
        .when({ type: 'EnsureBuiltIn', roleId: DEFAULT_MEMBER_ROLE_ID })
        .thenNothingHappened();
    });

    it('keeps the administrator complete and unchangeable', () => {
      const outdated = { ...administrator, permissions: administrator.permissions.slice(0, 2) };
      given(roleDecider, [defined(ADMINISTRATOR_ROLE_ID, outdated)])
        .when({ type: 'EnsureBuiltIn', roleId: ADMINISTRATOR_ROLE_ID })
        .then([{ type: 'RoleChanged', data: { roleId: ADMINISTRATOR_ROLE_ID, ...administrator } }]);
      given(roleDecider, [defined(ADMINISTRATOR_ROLE_ID, administrator)])
        .when({ type: 'Change', roleId: ADMINISTRATOR_ROLE_ID, definition: outdated })
        .thenError('identity.role_builtin');
      given(roleDecider, [defined(ADMINISTRATOR_ROLE_ID, administrator)])
        .when({ type: 'Delete', roleId: ADMINISTRATOR_ROLE_ID })
        .thenError('identity.role_builtin');
    });
  });
});

import { CommandBus } from '@nestjs/cqrs';
import {
  ADMINISTRATOR_ROLE_ID,
  DEFAULT_MEMBER_ROLE_ID,
  MEMBER_PERMISSIONS,
  newId,
  STAFF_PERMISSIONS,
} from '@forum/contracts';
import type { ErrorBody, Page } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { contextModule, eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../accounts/commands';
import { IdentityModule } from '../identity.module';
import type { IssuedTokens } from '../sessions/session-issuer';
import type { StaffMemberView } from '../staff/staff.controller';
import type { MemberRoleView, RoleView } from './roles.controller';

describe('roles, grants and the permission checker', () => {
  let t: TestApp;
  let adminId: string;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, 'moderation']);
    adminId = await staffAccount(t.app, 'root_admin', { contexts: [IdentityModule, 'moderation'] });
  });
  afterAll(() => t.close());

  const admin = () => t.client.as(adminId, 'staff');
  const identityChecker = () => t.app.select(IdentityModule).get(PermissionChecker);
  const moderationChecker = async () => t.app.select(await contextModule('moderation')).get(PermissionChecker);

  async function member(account: string, kind: 'member' | 'staff' = 'member'): Promise<IssuedTokens> {
    const password = 'member-password';
    return t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, password, confirmPassword: password, agreeTerms: true },
          { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
          kind,
          true,
        ),
      );
  }

  async function defineRole(body: Record<string, unknown>): Promise<RoleView> {
    const created = await admin().post<RoleView>('/api/identity/roles', body);
    expect(created.status).toBe(201);
    return created.body;
  }

  it('has the built-in roles: every member permission for everyone, every staff permission for administrators', async () => {
    const roles = await admin().get<RoleView[]>('/api/identity/roles');
    expect(roles.status).toBe(200);
    expect(roles.body.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: DEFAULT_MEMBER_ROLE_ID, kind: 'member', isDefault: true, builtIn: true }),
        expect.objectContaining({ id: ADMINISTRATOR_ROLE_ID, kind: 'staff', isDefault: false, builtIn: true }),
      ]),
    );
    const everyone = roles.body.find((role) => role.id === DEFAULT_MEMBER_ROLE_ID)!;
    expect(everyone.permissions.map((p) => p.permission)).toEqual([...MEMBER_PERMISSIONS]);
    expect(everyone.permissions.every((p) => p.tagIds === null)).toBe(true);

    const signedIn = await t.client
      .anonymous()
      .post<IssuedTokens>('/api/identity/staff/login', { account: 'root_admin', password: 'staff-password' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.systemUser.permissions).toEqual([...STAFF_PERMISSIONS].sort());
  });

  it('keeps role management to staff holding roles.manage', async () => {
    const someone = await member('plain_member');
    const asMember = await t.client.as(someone.systemUser.id).get<ErrorBody>('/api/identity/roles');
    expect([asMember.status, asMember.body.code]).toEqual([403, 'auth.forbidden']);
    const bareStaff = await member('bare_staff', 'staff');
    const asBareStaff = await t.client.as(bareStaff.systemUser.id, 'staff').get<ErrorBody>('/api/identity/roles');
    expect([asBareStaff.status, asBareStaff.body.code]).toEqual([403, 'auth.forbidden']);
    expect(bareStaff.systemUser.permissions).toEqual([]);
  });

  it('refuses a moderator without settings.edit on the settings, and lets the administrator change them', async () => {
    const moderatorRole = await defineRole({
      name: 'Moderator',
      kind: 'staff',
      permissions: [{ permission: 'reports.handle' }, { permission: 'content.manage' }],
    });
    const moderatorId = await staffAccount(t.app, 'moderator_1', {
      roleId: moderatorRole.id,
      contexts: ['moderation'],
      permission: 'reports.handle',
    });
    const moderator = t.client.as(moderatorId, 'staff');
    const refused = await moderator.request<ErrorBody>('PATCH', '/api/moderation/settings', { title: 'Mine' });
    expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
    // Reading the settings is a permission of its own (`settings.read`), which this role does not hold either.
    const unread = await moderator.get<ErrorBody>('/api/moderation/settings');
    expect([unread.status, unread.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await admin().get('/api/moderation/settings')).status).toBe(200);
    const changed = await admin().request<{ title: string }>('PATCH', '/api/moderation/settings', { title: 'Ours' });
    expect([changed.status, changed.body.title]).toEqual([200, 'Ours']);
  });

  it('validates roles: kinds of permissions, built-ins, unknown roles', async () => {
    const mixed = await admin().post<ErrorBody>('/api/identity/roles', {
      name: 'Mixed',
      kind: 'member',
      permissions: [{ permission: 'settings.edit', tagIds: null }],
    });
    expect([mixed.status, mixed.body.code]).toEqual([400, 'identity.role_kind_mismatch']);
    const unknownPermission = await admin().post<ErrorBody>('/api/identity/roles', {
      name: 'Odd',
      kind: 'member',
      permissions: [{ permission: 'fly', tagIds: null }],
    });
    expect(unknownPermission.body.fieldErrors?.[0]).toMatchObject({ field: 'permissions.0.permission' });
    const deleteBuiltIn = await admin().request<ErrorBody>('DELETE', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`);
    expect([deleteBuiltIn.status, deleteBuiltIn.body.code]).toEqual([400, 'identity.role_builtin']);
    const changeAdmin = await admin().request<ErrorBody>('PATCH', `/api/identity/roles/${ADMINISTRATOR_ROLE_ID}`, {
      permissions: [],
    });
    expect(changeAdmin.body.code).toBe('identity.role_builtin');
    expect((await admin().request<ErrorBody>('PATCH', '/api/identity/roles/nope', { name: 'x' })).status).toBe(404);
    const someone = await member('not_staff');
    const staffRoleToMember = await admin().post<ErrorBody>(`/api/identity/members/${someone.systemUser.id}/roles`, {
      roleId: ADMINISTRATOR_ROLE_ID,
    });
    expect([staffRoleToMember.status, staffRoleToMember.body.code]).toEqual([400, 'identity.role_kind_mismatch']);
  });

  it('limits a member role to a tag: its holder posts only there, others nowhere once the default stops', async () => {
    const writer = (await member('tag_writer')).systemUser.id;
    const reader = (await member('tag_reader')).systemUser.id;
    const defaults = (await admin().get<RoleView[]>('/api/identity/roles')).body.find(
      (role) => role.id === DEFAULT_MEMBER_ROLE_ID,
    )!;
    const withoutPosting = defaults.permissions.filter((p) => p.permission !== 'topic.post');
    const changed = await admin().request<RoleView>('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, {
      permissions: withoutPosting,
    });
    expect(changed.status).toBe(200);
    const writers = await defineRole({
      name: 'Tag X writers',
      kind: 'member',
      permissions: [{ permission: 'topic.post', tagIds: ['tag-x'] }],
    });
    const granted = await admin().post<MemberRoleView[]>(`/api/identity/members/${writer}/roles`, {
      roleId: writers.id,
      validUntil: null,
    });
    expect(granted.body).toEqual([expect.objectContaining({ roleId: writers.id, validUntil: null, expired: false })]);

    for (const checker of [identityChecker(), await moderationChecker()]) {
      await eventually(async () =>
        expect(await checker.can({ kind: 'member', id: writer }, 'topic.post', 'tag-x')).toBe(true),
      );
      expect(await checker.can({ kind: 'member', id: writer }, 'topic.post', 'tag-y')).toBe(false);
      expect(await checker.can({ kind: 'member', id: reader }, 'topic.post', 'tag-x')).toBe(false);
      await expect(checker.require({ kind: 'member', id: reader }, 'topic.post', 'tag-x')).rejects.toMatchObject({
        code: 'auth.forbidden',
      });
      expect(await checker.can({ kind: 'member', id: reader }, 'topic.view', 'tag-y')).toBe(true);
    }
    const mine = await t.client
      .as(writer)
      .get<{ permissions: Record<string, string[] | null> }>('/api/identity/me/permissions');
    expect(mine.body.permissions['topic.post']).toEqual(['tag-x']);
    expect(mine.body.permissions['topic.view']).toBeNull();

    await admin().request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, {
      permissions: defaults.permissions,
    });
  });

  it('counts a timed role until validUntil, by the clock of the question, and forgets a revoked one', async () => {
    const holder = (await member('timed_holder', 'staff')).systemUser.id;
    const auditors = await defineRole({ name: 'Auditors', kind: 'staff', permissions: [{ permission: 'audit.read' }] });
    const now = Date.now();
    const validUntil = new Date(now + 3_600_000).toISOString();
    const granted = await admin().post(`/api/identity/members/${holder}/roles`, { roleId: auditors.id, validUntil });
    expect(granted.status).toBe(200);
    const checker = identityChecker();
    const actor = { kind: 'staff' as const, id: holder };
    // The grant command waits for identity's projection; on a loaded machine that wait can time out, hence the poll.
    await eventually(async () =>
      expect(await checker.can(actor, 'audit.read', null, new Date(now + 60_000))).toBe(true),
    );
    expect(await checker.can(actor, 'audit.read', null, new Date(now + 3_600_000))).toBe(false);
    expect(await checker.can(actor, 'audit.read', null, new Date(now + 7_200_000))).toBe(false);
    // The holder reads their own role and when it ends (what a membership card's buyer sees on their page).
    const mine = () => t.client.as(holder, 'staff').get<MemberRoleView[]>('/api/identity/me/roles');
    expect((await mine()).body).toEqual([
      { roleId: auditors.id, name: 'Auditors', kind: 'staff', validUntil: expect.any(String), expired: false },
    ]);
    expect(Date.parse((await mine()).body[0]!.validUntil!)).toBe(Date.parse(validUntil));
    // A member account holding the same staff role would open nothing.
    expect(await checker.can({ kind: 'member', id: holder }, 'audit.read', null, new Date(now + 60_000))).toBe(false);

    const past = await admin().post<ErrorBody>(`/api/identity/members/${holder}/roles`, {
      roleId: auditors.id,
      validUntil: new Date(now - 1000).toISOString(),
    });
    expect(past.body.fieldErrors?.[0]).toMatchObject({ field: 'validUntil' });

    expect((await admin().request('DELETE', `/api/identity/members/${holder}/roles/${auditors.id}`)).status).toBe(204);
    await eventually(async () => expect(await checker.can(actor, 'audit.read')).toBe(false));
    expect((await admin().get<MemberRoleView[]>(`/api/identity/members/${holder}/roles`)).body).toEqual([]);
    expect((await mine()).body).toEqual([]);
  });

  it('stops counting the grants of a deleted role', async () => {
    const holder = (await member('deleted_role_holder', 'staff')).systemUser.id;
    const role = await defineRole({
      name: 'Short-lived',
      kind: 'staff',
      permissions: [{ permission: 'money.adjust' }],
    });
    await admin().post(`/api/identity/members/${holder}/roles`, { roleId: role.id });
    const actor = { kind: 'staff' as const, id: holder };
    await eventually(async () => expect(await identityChecker().can(actor, 'money.adjust')).toBe(true));
    expect((await admin().request('DELETE', `/api/identity/roles/${role.id}`)).status).toBe(204);
    await eventually(async () => expect(await identityChecker().can(actor, 'money.adjust')).toBe(false));
    expect((await admin().get<RoleView[]>('/api/identity/roles')).body.map((r) => r.id)).not.toContain(role.id);
  });

  describe('staff member management', () => {
    it('lists members with search and state filter, to members.manage only', async () => {
      await member('search_alpha');
      await member('search_beta');
      const found = await admin().get<Page<StaffMemberView>>('/api/identity/staff/members?q=SEARCH_&pageSize=10');
      expect(found.status).toBe(200);
      expect(found.body.items.map((m) => m.account).sort()).toEqual(['search_alpha', 'search_beta']);
      expect(found.body.total).toBe(2);
      const staffOnly = await admin().get<Page<StaffMemberView>>('/api/identity/staff/members?kind=staff');
      expect(staffOnly.body.items.every((m) => m.kind === 'staff')).toBe(true);
      const asMember = await t.client.as('member-x').get<ErrorBody>('/api/identity/staff/members');
      expect(asMember.status).toBe(403);
    });

    it('disables an account: its sessions end and it cannot log in until enabled again', async () => {
      const tokens = await member('to_disable');
      const id = tokens.systemUser.id;
      const bearer = { authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` };
      await eventually(async () => {
        const found = await admin().get<Page<StaffMemberView>>('/api/identity/staff/members?q=to_disable');
        expect(found.body.items).toHaveLength(1);
      });
      const disabled = await admin().post<StaffMemberView>(`/api/identity/members/${id}/state`, { state: 'disabled' });
      expect(disabled.body).toMatchObject({ id, state: 'disabled' });
      const refresh = await t.client.anonymous().withHeaders(bearer).post<ErrorBody>('/refreshToken');
      expect(refresh.status).toBe(401);
      const login = await t.client
        .anonymous()
        .post<ErrorBody>('/api/identity/login', { account: 'to_disable', password: 'member-password' });
      expect([login.status, login.body.code]).toEqual([403, 'identity.account_disabled']);
      const listed = await admin().get<Page<StaffMemberView>>('/api/identity/staff/members?state=disabled');
      expect(listed.body.items.map((m) => m.id)).toContain(id);

      expect((await admin().post(`/api/identity/members/${id}/state`, { state: 'enabled' })).status).toBe(200);
      const again = await t.client
        .anonymous()
        .post<IssuedTokens>('/api/identity/login', { account: 'to_disable', password: 'member-password' });
      expect(again.status).toBe(200);
      const unknown = await admin().post<ErrorBody>(`/api/identity/members/nobody/state`, { state: 'disabled' });
      expect(unknown.status).toBe(404);
    });
  });
});

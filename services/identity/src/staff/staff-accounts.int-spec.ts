import { CommandBus } from '@nestjs/cqrs';
import type { ErrorBody } from '@forum/contracts';
import { commandMeta, eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../accounts/commands';
import { IdentityModule } from '../identity.module';
import type { IssuedTokens } from '../sessions/session-issuer';
import type { MemberStats, StaffMemberView } from './staff.controller';

const PASSWORD = 'member-password';

describe('staff: cancelling members and creating staff accounts', () => {
  let t: TestApp;
  let adminId: string;
  let ipCounter = 0;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, 'moderation']);
    adminId = await staffAccount(t.app, 'cancel_admin', { permission: 'members.manage' });
  });
  afterAll(() => t.close());

  const admin = () => t.client.as(adminId, 'staff');
  const login = (account: string, password = PASSWORD, path = '/api/identity/login') =>
    t.client.anonymous().from(`10.7.0.${++ipCounter}`).post<IssuedTokens & ErrorBody>(path, { account, password });

  async function register(account: string): Promise<IssuedTokens> {
    return t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true },
          commandMeta({ actor: { kind: 'visitor', id: null } }),
          'member',
          true,
        ),
      );
  }

  it('cancels a member for good: sessions ended, no login, no way back', async () => {
    const tokens = await register('to_cancel');
    const id = tokens.systemUser.id;

    const byMember = await t.client.as(id).post<ErrorBody>(`/api/identity/members/${id}/state`, { state: 'cancelled' });
    expect([byMember.status, byMember.body.code]).toEqual([403, 'auth.forbidden']);

    const cancelled = await admin().post<StaffMemberView>(`/api/identity/members/${id}/state`, { state: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, state: 'cancelled' });

    const renewed = await t.client
      .anonymous()
      .withHeaders({ authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` })
      .post<ErrorBody>('/refreshToken');
    expect(renewed.status).toBeGreaterThanOrEqual(400);
    const loggedIn = await login('to_cancel');
    expect(loggedIn.status).toBeGreaterThanOrEqual(400);

    const again = await admin().post<ErrorBody>(`/api/identity/members/${id}/state`, { state: 'enabled' });
    expect([again.status, again.body.code]).toEqual([403, 'identity.account_disabled']);
    const twice = await admin().post<ErrorBody>(`/api/identity/members/${id}/state`, { state: 'cancelled' });
    expect([twice.status, twice.body.code]).toEqual([403, 'identity.account_cancelled']);
  });

  it('creates a staff account with the registration rules, which can sign in to the console', async () => {
    const created = await admin().post<StaffMemberView>('/api/identity/staff/accounts', {
      account: 'new_staff',
      password: 'staff-secret',
      nickname: 'Helper',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ account: 'new_staff', nickname: 'Helper', kind: 'staff', state: 'enabled' });
    const listed = await admin().get<{ items: StaffMemberView[] }>('/api/identity/staff/members?kind=staff&q=new_st');
    expect(listed.body.items.map((member) => member.id)).toEqual([created.body.id]);
    // The console links a member's name to their record by id.
    const byId = await admin().get<{ items: StaffMemberView[] }>(`/api/identity/staff/members?id=${created.body.id}`);
    expect(byId.body.items.map((member) => member.account)).toEqual(['new_staff']);
    expect((await admin().get('/api/identity/staff/members?id=not-an-id')).status).toBe(400);

    const signedIn = await login('new_staff', 'staff-secret', '/api/identity/staff/login');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.systemUser.permissions).toEqual([]);

    const taken = await admin().post<ErrorBody>('/api/identity/staff/accounts', {
      account: 'NEW_staff',
      password: 'staff-secret',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'identity.account_taken']);
    const nicknameTaken = await admin().post<ErrorBody>('/api/identity/staff/accounts', {
      account: 'other_staff',
      password: 'staff-secret',
      nickname: 'helper',
    });
    expect([nicknameTaken.status, nicknameTaken.body.code]).toEqual([409, 'identity.nickname_taken']);
    const invalid = await admin().post<ErrorBody>('/api/identity/staff/accounts', { account: 'x!', password: 'short' });
    expect(invalid.status).toBe(400);
    expect(new Set(invalid.body.fieldErrors?.map((error) => error.field))).toEqual(new Set(['account', 'password']));

    const member = await register('not_staff');
    const refused = await t.client
      .as(member.systemUser.id)
      .post<ErrorBody>('/api/identity/staff/accounts', { account: 'sneaky', password: 'staff-secret' });
    expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
  });

  it('counts the members for the dashboard, for staff with dashboard.read only', async () => {
    const stats = async () => (await admin().get<MemberStats>('/api/identity/staff/member-stats')).body;
    const before = await stats();
    expect(before).toMatchObject({ membersTotal: expect.any(Number), registeredToday: expect.any(Number) });
    const member = await register('counted_member');
    await eventually(async () =>
      expect(await stats()).toEqual({
        membersTotal: before.membersTotal + 1,
        registeredToday: before.registeredToday + 1,
      }),
    );

    const url = '/api/identity/staff/member-stats';
    const noPermission = await t.client.as('staff-without-roles', 'staff').get<ErrorBody>(url);
    expect([noPermission.status, noPermission.body.code]).toEqual([403, 'auth.forbidden']);
    expect((await t.client.as(member.systemUser.id).get(url)).status).toBe(403);
    expect((await t.client.anonymous().get(url)).status).toBe(401);
  });
});

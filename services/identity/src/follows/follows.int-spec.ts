import { CommandBus } from '@nestjs/cqrs';
import type { ErrorBody, FollowListRow, MeView, Page, PublicProfileView } from '@forum/contracts';
import { commandMeta, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../accounts/commands';
import { IdentityModule } from '../identity.module';
import { CancelAccountCommand } from '../profile/profile.commands';
import type { IssuedTokens } from '../sessions/session-issuer';
import { seedDemoFollows } from './demo-follows';
import { followStream } from './follow.decider';

describe('identity: follows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule]);
  });
  afterAll(() => t.close());

  async function register(account: string): Promise<string> {
    const tokens: IssuedTokens = await t.app.get(CommandBus).execute(
      new RegisterMemberCommand(
        {
          account,
          nickname: account,
          password: 'secret-password',
          confirmPassword: 'secret-password',
          agreeTerms: true,
        },
        commandMeta({ actor: { kind: 'visitor', id: null } }),
        'member',
        true,
      ),
    );
    return tokens.systemUser.id;
  }

  const as = (memberId: string) => t.client.as(memberId);
  const profile = (memberId: string, viewer?: string) =>
    (viewer ? as(viewer) : t.client.anonymous()).get<PublicProfileView>(`/api/identity/members/${memberId}`);
  const list = (memberId: string, side: 'followers' | 'following', query = '') =>
    t.client.anonymous().get<Page<FollowListRow>>(`/api/identity/members/${memberId}/${side}${query}`);

  it('the demo seed has the demo member and staff account follow each other, once however often it runs', async () => {
    const [staffId, memberId] = [await register('fol_staff'), await register('fol_demo')];
    await seedDemoFollows(t.app, { staffId, memberId });
    await seedDemoFollows(t.app, { staffId, memberId });
    for (const id of [staffId, memberId]) {
      expect((await profile(id)).body).toMatchObject({ followerCount: 1, followingCount: 1 });
    }
  });

  it('follows and unfollows idempotently, with counts, lists and "followed by me"', async () => {
    const [ann, bob] = [await register('fol_ann'), await register('fol_bob')];
    expect((await as(ann).request('PUT', `/api/identity/follows/${bob}`)).status).toBe(204);
    expect((await as(ann).request('PUT', `/api/identity/follows/${bob}`)).status).toBe(204);

    expect((await profile(bob, ann)).body).toMatchObject({
      id: bob,
      nickname: 'fol_bob',
      cancelled: false,
      isStaff: false,
      followerCount: 1,
      followingCount: 0,
      followedByMe: true,
    });
    expect((await profile(bob)).body.followedByMe).toBe(false);
    expect((await as(ann).get<MeView>('/api/identity/me')).body).toMatchObject({ followingCount: 1, followerCount: 0 });
    const followers = await list(bob, 'followers');
    expect(followers.body).toMatchObject({
      total: 1,
      items: [{ memberId: ann, nickname: 'fol_ann', cancelled: false }],
    });
    expect(followers.body.items[0]!.followedAt).toEqual(expect.any(String));
    expect((await list(ann, 'following')).body.items.map((row) => row.memberId)).toEqual([bob]);

    expect((await as(ann).request('DELETE', `/api/identity/follows/${bob}`)).status).toBe(204);
    expect((await as(ann).request('DELETE', `/api/identity/follows/${bob}`)).status).toBe(204);
    expect((await profile(bob, ann)).body).toMatchObject({ followerCount: 0, followedByMe: false });
    expect((await list(bob, 'followers')).body).toMatchObject({ total: 0, items: [] });
    expect((await list(ann, 'following')).body.items).toEqual([]);

    const commits = await t
      .db('identity')
      .collection<{ events: { type: string }[] }>('commits')
      .find({ streamId: followStream(ann, bob) })
      .toArray();
    expect(commits.flatMap((commit) => commit.events.map((event) => event.type))).toEqual([
      'MemberFollowed',
      'MemberUnfollowed',
    ]);
  });

  it('refuses following oneself, an unknown member and a cancelled account', async () => {
    const [cat, dan] = [await register('fol_cat'), await register('fol_dan')];
    const self = await as(cat).request<ErrorBody>('PUT', `/api/identity/follows/${cat}`);
    expect([self.status, self.body.code]).toEqual([400, 'identity.cannot_follow_self']);
    const unknown = await as(cat).request<ErrorBody>(
      'PUT',
      '/api/identity/follows/01900000-0000-7000-8000-000000000000',
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'identity.member_not_found']);
    const odd = await as(cat).request<ErrorBody>('PUT', '/api/identity/follows/x%7Cy');
    expect(odd.status).toBe(404);
    expect((await t.client.anonymous().request('PUT', `/api/identity/follows/${dan}`)).status).toBe(401);

    await as(cat).request('PUT', `/api/identity/follows/${dan}`);
    await t.app
      .get(CommandBus)
      .execute(new CancelAccountCommand(dan, null, commandMeta({ actor: { kind: 'staff', id: null } }), true));
    const cancelled = await as(await register('fol_eve')).request<ErrorBody>('PUT', `/api/identity/follows/${dan}`);
    expect([cancelled.status, cancelled.body.code]).toEqual([400, 'identity.cannot_follow_cancelled']);
    // Who already followed them sees the account as cancelled, and can still unfollow.
    expect((await list(cat, 'following')).body.items).toEqual([
      expect.objectContaining({ memberId: dan, nickname: null, avatarUrl: null, cancelled: true }),
    ]);
    expect((await as(cat).request('DELETE', `/api/identity/follows/${dan}`)).status).toBe(204);
  });

  it('keeps counts and lists exact under concurrent toggles of one pair', async () => {
    const [fan, star] = [await register('fol_fan'), await register('fol_star')];
    const toggles = Array.from({ length: 24 }, (_, index) =>
      as(fan).request(index % 3 === 0 ? 'DELETE' : 'PUT', `/api/identity/follows/${star}`),
    );
    expect((await Promise.all(toggles)).every((response) => response.status === 204)).toBe(true);
    const shown = (await profile(star, fan)).body;
    const followers = (await list(star, 'followers')).body;
    expect(shown.followerCount).toBe(shown.followedByMe ? 1 : 0);
    expect(followers.total).toBe(shown.followerCount);
    expect(followers.items).toHaveLength(shown.followerCount);
  });

  it('counts many followers following at once, and pages them newest first', async () => {
    const star = await register('fol_many');
    const fans = await Promise.all(Array.from({ length: 15 }, (_, index) => register(`fol_fan_${index}`)));
    await Promise.all(fans.map((fan) => as(fan).request('PUT', `/api/identity/follows/${star}`)));
    expect((await profile(star)).body.followerCount).toBe(15);
    const first = await list(star, 'followers', '?page=1&pageSize=10');
    const second = await list(star, 'followers', '?page=2&pageSize=10');
    expect(first.body).toMatchObject({ total: 15, totalPages: 2 });
    expect(first.body.items).toHaveLength(10);
    expect(second.body.items).toHaveLength(5);
    const all = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((row) => row.memberId))).toEqual(new Set(fans));
    const times = all.map((row) => row.followedAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const fan of fans) expect((await profile(fan)).body.followingCount).toBe(1);
  });
});

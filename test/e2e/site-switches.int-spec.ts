import type { ErrorBody } from '@forum/contracts';
import { eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { ForumModule } from '../../services/forum/src/forum.module';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { ModerationModule } from '../../services/moderation/src/moderation.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';

/** Settings changed in the moderation context reach the others through Kafka and change what they allow. */
describe('site switches and modes across contexts', () => {
  let t: TestApp;
  let staffId: string;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, ForumModule, ModerationModule]);
    staffId = await staffAccount(t.app, 'switch_admin', { contexts: [ModerationModule] });
  });
  afterAll(() => t.close());

  const staff = () => t.client.as(staffId, 'staff');
  const change = async (changes: Record<string, unknown>) =>
    expect((await staff().request('PATCH', '/api/moderation/settings', changes)).status).toBe(200);

  it('refuses login with the switch message while login is off, and serves staff anyway', async () => {
    await change({ switches: { login: { enabled: false, message: 'Back at noon' } } });
    await eventually(async () => {
      const refused = await t.client
        .anonymous()
        .post<ErrorBody>('/api/identity/login', { account: 'someone', password: 'password1' });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        403,
        'identity.login_disabled',
        'Back at noon',
      ]);
    });
    const staffLogin = await t.client
      .anonymous()
      .post<ErrorBody>('/api/identity/staff/login', { account: 'nobody', password: 'x' });
    expect(staffLogin.body.code).toBe('identity.login_failed');
    await change({ switches: { login: { enabled: true, message: '' } } });
  });

  it('refuses registration while it is off', async () => {
    await change({ switches: { registration: { enabled: false, message: '' } } });
    await eventually(async () => {
      const refused = await t.client.anonymous().post<ErrorBody>('/api/identity/register', {
        account: 'newcomer',
        password: 'password1',
        confirmPassword: 'password1',
        agreeTerms: true,
        captchaKey: 'k',
        captcha: 'abcd',
      });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        403,
        'identity.registration_disabled',
        'Registration is closed at the moment.',
      ]);
    });
    await change({ switches: { registration: { enabled: true, message: '' } } });
  });

  it('makes the site read-only for members, then closed, while staff keep working', async () => {
    const tagIds = [await testTag(t.client)];
    await change({ siteMode: 'readOnly', closedNotice: 'Upgrading, back soon' });
    await eventually(async () => {
      const write = await t.client
        .as('member-1')
        .post<ErrorBody>('/api/forum/topics', { title: 't', content: 'c', tagIds });
      expect([write.status, write.body.code, write.body.message]).toEqual([
        403,
        'site.read_only',
        'Upgrading, back soon',
      ]);
    });
    expect((await t.client.get('/api/forum/topics')).status).toBe(200);
    expect((await staff().post('/api/forum/topics', { title: 'Staff notice', content: 'c', tagIds })).status).toBe(201);

    await change({ siteMode: 'closed' });
    await eventually(async () => {
      const read = await t.client.get<ErrorBody>('/api/forum/topics');
      expect([read.status, read.body.code, read.body.message]).toEqual([503, 'site.closed', 'Upgrading, back soon']);
    });
    expect((await t.client.get('/baseInfo')).status).toBe(200);
    expect((await t.client.get('/api/health')).status).toBe(200);
    await change({ siteMode: 'open' });
    await eventually(async () => expect((await t.client.get('/api/forum/topics')).status).toBe(200));
  });

  it('shows a signed-in member their profile in /baseInfo, learnt from identity events', async () => {
    const registered = await t.client
      .anonymous()
      .post<{ accessToken: string; refreshToken: string; code?: string }>('/api/identity/register', {
        account: 'profiled',
        nickname: '有名字',
        password: 'password1',
        confirmPassword: 'password1',
        agreeTerms: true,
        ...(await solvedCaptcha()),
      });
    expect(registered.status).toBe(201);
    const signedIn = t.client.withHeaders({
      authorization: `Bearer ${registered.body.accessToken},${registered.body.refreshToken}`,
    });
    await eventually(async () => {
      const info = await signedIn.get<{ systemUser: { account: string; nickname: string } }>('/baseInfo');
      expect(info.body.systemUser).toMatchObject({ account: 'profiled', nickname: '有名字' });
    });
  });

  async function solvedCaptcha(): Promise<{ captchaKey: string; captcha: string }> {
    const issued = await t.client.get<{ captchaKey: string }>('/api/identity/captcha');
    const stored = await t
      .db('identity')
      .collection('captchas')
      .findOne({ _id: issued.body.captchaKey as never });
    return { captchaKey: issued.body.captchaKey, captcha: String(stored?.text) };
  }
});

import type { ErrorBody } from '@forum/contracts';
import { eventually } from '@forum/testing';
import type { TestResponse } from '@forum/testing';
import type { Db } from 'mongodb';

/** What the steps need of a client: anonymous by default, `as` signs its requests as an account. */
export interface SwitchesClient {
  as(id: string, kind?: 'member' | 'staff'): SwitchesClient;
  get<T = unknown>(url: string): Promise<TestResponse<T>>;
  post<T = unknown>(url: string, body?: Record<string, unknown>): Promise<TestResponse<T>>;
  request<T = unknown>(method: 'PATCH', url: string, body?: Record<string, unknown>): Promise<TestResponse<T>>;
}

export interface SiteSwitchesSetup {
  /** Anonymous requests to the site (an app, or nginx in front of a cluster). */
  client: SwitchesClient;
  /** Reads `/baseInfo` with a member's session as the member site sends it (`Bearer access,refresh`). */
  withSession(accessToken: string, refreshToken: string): Pick<SwitchesClient, 'get'>;
  /** Where a service's `/api/health` answers (nginx publishes none: a replica directly, behind it). */
  health: Pick<SwitchesClient, 'get'>;
  /** A staff account allowed to edit the settings. */
  staffId: string;
  /** A leaf tag members may post in. */
  tagId: string;
  /** Identity's database (the captchas). */
  identityDb: Db;
}

/**
 * Settings changed in the moderation context reach the others through Kafka and change what they allow: the
 * tests of test/e2e/site-switches.int-spec.ts (one app) and test/cluster/browser.cluster-spec.ts (nginx in front
 * of every context's replicas), in a describe of their own: each test puts the settings back, and so does its
 * afterAll (before the caller's, which may stop the app), should a test fail midway.
 */
export function siteSwitchesTests(setupOrNone: () => SiteSwitchesSetup | undefined): void {
  describe('site switches and modes', () => {
    const setup = () => {
      const set = setupOrNone();
      if (!set) throw new Error('not set up (see the beforeAll failure)');
      return set;
    };
    const staff = () => setup().client.as(setup().staffId, 'staff');
    const change = async (changes: Record<string, unknown>) =>
      expect((await staff().request('PATCH', '/api/moderation/settings', changes)).status).toBe(200);

    afterAll(async () => {
      if (!setupOrNone()) return;
      await change({
        siteMode: 'open',
        switches: { login: { enabled: true, message: '' }, registration: { enabled: true, message: '' } },
      });
    });

    it('refuses login with the switch message while login is off, and serves staff anyway', async () => {
      const { client } = setup();
      await change({ switches: { login: { enabled: false, message: 'Back at noon' } } });
      await eventually(async () => {
        const refused = await client.post<ErrorBody>('/api/identity/login', {
          account: 'someone',
          password: 'password1',
        });
        expect([refused.status, refused.body.code, refused.body.message]).toEqual([
          403,
          'identity.login_disabled',
          'Back at noon',
        ]);
      });
      const staffLogin = await client.post<ErrorBody>('/api/identity/staff/login', {
        account: 'nobody',
        password: 'x',
      });
      expect(staffLogin.body.code).toBe('identity.login_failed');
      await change({ switches: { login: { enabled: true, message: '' } } });
    });

    it('refuses registration while it is off', async () => {
      const { client } = setup();
      await change({ switches: { registration: { enabled: false, message: '' } } });
      await eventually(async () => {
        const refused = await client.post<ErrorBody>('/api/identity/register', {
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
      const { client, tagId } = setup();
      const tagIds = [tagId];
      await change({ siteMode: 'readOnly', closedNotice: 'Upgrading, back soon' });
      await eventually(async () => {
        const write = await client
          .as('member-1')
          .post<ErrorBody>('/api/forum/topics', { title: 't', content: 'c', tagIds });
        expect([write.status, write.body.code, write.body.message]).toEqual([
          403,
          'site.read_only',
          'Upgrading, back soon',
        ]);
      });
      expect((await client.get('/api/forum/topics')).status).toBe(200);
      expect((await staff().post('/api/forum/topics', { title: 'Staff notice', content: 'c', tagIds })).status).toBe(
        201,
      );

      await change({ siteMode: 'closed' });
      await eventually(async () => {
        const read = await client.get<ErrorBody>('/api/forum/topics');
        expect([read.status, read.body.code, read.body.message]).toEqual([503, 'site.closed', 'Upgrading, back soon']);
      });
      expect((await client.get('/baseInfo')).status).toBe(200);
      expect((await setup().health.get('/api/health')).status).toBe(200);
      await change({ siteMode: 'open' });
      await eventually(async () => expect((await client.get('/api/forum/topics')).status).toBe(200));
    });

    it('shows a signed-in member their profile in /baseInfo, learnt from identity events', async () => {
      const { client, withSession } = setup();
      const account = `profiled${Date.now().toString(36)}`;
      // Registration is open again (the tests above), on every process answering: retried until one takes it.
      const registered = await eventually(async () => {
        const answer = await client.post<{ accessToken: string; refreshToken: string; code?: string }>(
          '/api/identity/register',
          {
            account,
            nickname: '有名字',
            password: 'password1',
            confirmPassword: 'password1',
            agreeTerms: true,
            ...(await solvedCaptcha()),
          },
        );
        expect(answer.status).toBe(201);
        return answer;
      });
      const signedIn = withSession(registered.body.accessToken, registered.body.refreshToken);
      await eventually(async () => {
        const info = await signedIn.get<{ systemUser: { account: string; nickname: string } }>('/baseInfo');
        expect(info.body.systemUser).toMatchObject({ account, nickname: '有名字' });
      });
    });

    async function solvedCaptcha(): Promise<{ captchaKey: string; captcha: string }> {
      const { client, identityDb } = setup();
      const issued = await client.get<{ captchaKey: string }>('/api/identity/captcha');
      const stored = await identityDb.collection('captchas').findOne({ _id: issued.body.captchaKey as never });
      return { captchaKey: issued.body.captchaKey, captcha: String(stored?.text) };
    }
  });
}

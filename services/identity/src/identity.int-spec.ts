import type { ErrorBody } from '@forum/contracts';
import { eventually, startTestApp, TestApp, TestClient } from '@forum/testing';
import { IdentityModule } from './identity.module';
import type { IssuedTokens } from './sessions/session-issuer';

describe('identity: registration, login, token rotation', () => {
  let t: TestApp;
  let ipCounter = 0;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule]);
  });
  afterAll(() => t.close());

  /** A fresh client address per flow, so one test's throttling never leaks into another. */
  const client = (): TestClient => t.client.anonymous().from(`10.0.0.${++ipCounter}`);

  async function captcha(c: TestClient): Promise<{ captchaKey: string; captcha: string }> {
    const issued = await c.get<{ captchaKey: string; image: string }>('/api/identity/captcha');
    expect(issued.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await t
      .db('identity')
      .collection('captchas')
      .findOne({ _id: issued.body.captchaKey as never });
    return { captchaKey: issued.body.captchaKey, captcha: String(stored?.text) };
  }

  async function register(c: TestClient, account: string, overrides: Record<string, unknown> = {}) {
    return c.post<IssuedTokens & ErrorBody>('/api/identity/register', {
      account,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(c)),
      ...overrides,
    });
  }

  const bearer = (tokens: IssuedTokens) => ({ authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` });
  const memberCommits = () => t.db('identity').collection('commits').countDocuments();

  it('registers, signs the member in, and logs them in again with the password', async () => {
    const registered = await register(client(), 'alice_01', { nickname: '爱丽丝' });
    expect(registered.status).toBe(201);
    expect(registered.body.systemUser).toMatchObject({ account: 'alice_01', nickname: '爱丽丝', kind: 'member' });
    const me = await t.client
      .anonymous()
      .withHeaders(bearer(registered.body))
      .get<{ account: string }>('/api/identity/me');
    expect(me.body).toMatchObject({ account: 'alice_01' });
    const login = await client().post<IssuedTokens>('/api/identity/login', {
      account: 'ALICE_01',
      password: 'secret-password',
    });
    expect(login.status).toBe(200);
    expect(login.body.systemUser.id).toBe(registered.body.systemUser.id);
  });

  it.each([
    ['a 2-character account', { account: 'ab' }, 'account', 'validation.too_short'],
    ['an account with spaces', { account: 'bad name' }, 'account', 'validation.invalid_format'],
    ['a 6-character password', { password: 'short1', confirmPassword: 'short1' }, 'password', 'validation.too_short'],
    ['passwords that differ', { confirmPassword: 'other-password' }, 'confirmPassword', 'validation.mismatch'],
    ['terms not accepted', { agreeTerms: false }, 'agreeTerms', 'validation.must_accept'],
    ['a short hint answer', { hintQuestion: 'My first pet?', hintAnswer: 'cat' }, 'hintAnswer', 'validation.too_short'],
  ])('refuses %s with a field error and writes nothing', async (_case, overrides, field, code) => {
    const before = await memberCommits();
    const response = await register(client(), 'valid_account', overrides);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await memberCommits()).toBe(before);
  });

  it('refuses a wrong captcha, and a captcha used twice', async () => {
    const c = client();
    const wrong = await register(c, 'captcha_user', { captcha: 'zzzz' });
    expect(wrong.body.code).toBe('identity.captcha_invalid');
    const solved = await captcha(c);
    expect((await register(c, 'captcha_user', solved)).status).toBe(201);
    expect((await register(c, 'captcha_user2', solved)).body.code).toBe('identity.captcha_invalid');
  });

  it('lets exactly one of 10 concurrent registrations of the same account succeed', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(client(), 'Racer', { nickname: `racer${i}` })),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(attempts.filter((r) => r.body.code === 'identity.account_taken')).toHaveLength(9);
    const nicknames = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(client(), `nick_racer${i}`, { nickname: 'SameNick' })),
    );
    expect(nicknames.filter((r) => r.status === 201)).toHaveLength(1);
    expect(nicknames.filter((r) => r.body.code === 'identity.nickname_taken')).toHaveLength(4);
    // The losers released their account names: they can register with another nickname.
    expect((await register(client(), 'nick_racer0', { nickname: 'Unique0' })).status).toBeLessThan(500);
  });

  it('rotates the refresh token, and a stolen old one ends the session for everyone', async () => {
    const first = (await register(client(), 'rotator')).body;
    const renewed = await t.client.anonymous().withHeaders(bearer(first)).post<IssuedTokens>('/refreshToken');
    expect(renewed.status).toBe(200);
    expect(renewed.body.refreshToken).not.toBe(first.refreshToken);
    const again = await t.client.anonymous().withHeaders(bearer(renewed.body)).post<IssuedTokens>('/refreshToken');
    expect(again.status).toBe(200);

    const stolen = await t.client.anonymous().withHeaders(bearer(first)).post<ErrorBody>('/refreshToken');
    expect([stolen.status, stolen.body.code]).toEqual([401, 'identity.session_revoked']);
    const owner = await t.client.anonymous().withHeaders(bearer(again.body)).post<ErrorBody>('/refreshToken');
    expect([owner.status, owner.body.code]).toEqual([401, 'identity.session_revoked']);

    const member = t.client.as(first.systemUser.id);
    await eventually(async () => {
      const log = await member.get<{ items: { type: string }[] }>('/api/identity/login-log');
      expect(log.body.items.map((entry) => entry.type)).toEqual(['renewal', 'renewal', 'login']);
    });
  });

  it('answers a wrong password and an unknown account alike, then asks for a captcha', async () => {
    await register(client(), 'guarded');
    const c = client();
    const unknown = await c.post<ErrorBody>('/api/identity/login', { account: 'nobody_here', password: 'whatever1' });
    const wrong = await c.post<ErrorBody>('/api/identity/login', { account: 'guarded', password: 'wrong-password' });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      wrong.status,
      wrong.body.code,
      wrong.body.message,
    ]);
    await c.post('/api/identity/login', { account: 'guarded', password: 'wrong-password' });
    await c.post('/api/identity/login', { account: 'guarded', password: 'wrong-password' });
    const blocked = await client().post<ErrorBody>('/api/identity/login', {
      account: 'guarded',
      password: 'secret-password',
    });
    expect(blocked.body.code).toBe('identity.captcha_required');
    const solver = client();
    const withCaptcha = await solver.post<IssuedTokens>('/api/identity/login', {
      account: 'guarded',
      password: 'secret-password',
      ...(await captcha(solver)),
    });
    expect(withCaptcha.status).toBe(200);
  });

  it('keeps the staff console to staff accounts', async () => {
    await register(client(), 'plain_member');
    const refused = await client().post<ErrorBody>('/api/identity/staff/login', {
      account: 'plain_member',
      password: 'secret-password',
    });
    expect(refused.body.code).toBe('identity.login_failed');
  });
});

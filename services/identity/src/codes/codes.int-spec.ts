import type { ErrorBody } from '@forum/contracts';
import { eventually, staffAccount, startTestApp, TestApp, TestClient } from '@forum/testing';
import { IdentityModule } from '../identity.module';
import type { IssuedTokens } from '../sessions/session-issuer';

interface CodeSent {
  resendAfterSeconds: number;
  validSeconds: number;
}

describe('verification codes: phone and email registration and login, recovery, phone binding', () => {
  let t: TestApp;
  let ip = 0;
  let phoneSeq = 0;
  let staffId: string;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, 'moderation']);
    staffId = await staffAccount(t.app, 'codes_admin', { contexts: ['moderation'], permission: 'settings.edit' });
  });
  afterAll(() => t.close());

  /** A fresh client address per flow, so one test's rate limits never leak into another. */
  const client = (): TestClient => t.client.anonymous().from(`10.1.${Math.floor(++ip / 250)}.${ip % 250}`);
  const newPhone = () => `138${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;
  const bearer = (tokens: IssuedTokens) => ({ authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` });
  const outbox = () =>
    t.db('identity').collection<{ target: string; text: string; channel: string }>('outbox_messages');

  async function captcha(c: TestClient) {
    const issued = await c.get<{ captchaKey: string }>('/api/identity/captcha');
    const stored = await t
      .db('identity')
      .collection('captchas')
      .findOne({ _id: issued.body.captchaKey as never });
    return { captchaKey: issued.body.captchaKey, captcha: String(stored?.text) };
  }

  async function requestCode(c: TestClient, body: Record<string, unknown>) {
    return c.post<CodeSent & ErrorBody>('/api/identity/codes', { target: '', ...body, ...(await captcha(c)) });
  }

  /** The newest code the outbox holds for a phone or address, as staff would read it in the console. */
  async function codeSentTo(target: string): Promise<string> {
    const [message] = await outbox().find({ target }).sort({ _id: -1 }).limit(1).toArray();
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code was sent to ${target}`);
    return code;
  }

  async function registerByPhone(c: TestClient, phone: string, overrides: Record<string, unknown> = {}) {
    return c.post<IssuedTokens & ErrorBody>('/api/identity/register', {
      method: 'phone',
      phone,
      smsCode: '000000',
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(c)),
      ...overrides,
    });
  }

  async function phoneMember(phone = newPhone()): Promise<{ phone: string; tokens: IssuedTokens }> {
    const c = client();
    expect((await requestCode(c, { channel: 'sms', purpose: 'register', target: phone })).status).toBe(200);
    const registered = await registerByPhone(c, phone, { smsCode: await codeSentTo(phone) });
    expect(registered.status).toBe(201);
    return { phone, tokens: registered.body };
  }

  async function changeSettings(changes: Record<string, unknown>) {
    const staff = t.client.as(staffId, 'staff');
    expect((await staff.request('PATCH', '/api/moderation/settings', changes)).status).toBe(200);
  }

  /** Settings reach identity over Kafka: wait until a code request answers with the new countdown. */
  async function codeSettings(resendSeconds: number, dailyCapPerTarget = 10) {
    await changeSettings({ verificationCodes: { resendSeconds, dailyCapPerTarget } });
    await eventually(
      async () => {
        const sent = await requestCode(client(), { channel: 'sms', purpose: 'register', target: newPhone() });
        expect(sent.body.resendAfterSeconds).toBe(resendSeconds);
      },
      { intervalMs: 200 },
    );
  }

  it('registers by phone with the SMS code, then logs in with a login code', async () => {
    const phone = newPhone();
    const c = client();
    const sent = await requestCode(c, { channel: 'sms', purpose: 'register', target: phone });
    expect([sent.status, sent.body]).toEqual([200, { resendAfterSeconds: 60, validSeconds: 600 }]);
    // The login code follows at once: no countdown for this test (the countdown has its own).
    await codeSettings(0);
    const registered = await registerByPhone(c, phone, { smsCode: await codeSentTo(phone), nickname: '手机用户' });
    expect(registered.status).toBe(201);
    expect(registered.body.systemUser).toMatchObject({ nickname: '手机用户', kind: 'member' });
    expect(registered.body.systemUser.account).toMatch(/^u\d{10}$/);

    const login = client();
    expect((await requestCode(login, { channel: 'sms', purpose: 'login', target: phone })).status).toBe(200);
    const loggedIn = await login.post<IssuedTokens>('/api/identity/login', {
      method: 'phone',
      phone,
      smsCode: await codeSentTo(phone),
    });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.systemUser.id).toBe(registered.body.systemUser.id);

    // The events say who bound a phone (masked); the number itself appears in no event.
    const commits = JSON.stringify(await t.db('identity').collection('commits').find().toArray());
    expect(commits).toContain(`"phoneMasked":"${phone.slice(0, 3)}****${phone.slice(-4)}"`);
    expect(commits).not.toContain(phone);
  });

  it('registers by email with the email code and logs in with one', async () => {
    const email = `Reader${++phoneSeq}@Example.com`;
    const c = client();
    expect((await requestCode(c, { channel: 'email', purpose: 'register', target: email })).status).toBe(200);
    const emailCode = await codeSentTo(email.toLowerCase());
    const registered = await c.post<IssuedTokens>('/api/identity/register', {
      method: 'email',
      email,
      emailCode,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(c)),
    });
    expect(registered.status).toBe(201);
    const login = client();
    expect((await requestCode(login, { channel: 'email', purpose: 'login', target: email.toLowerCase() })).status).toBe(
      200,
    );
    const loggedIn = await login.post<IssuedTokens>('/api/identity/login', {
      method: 'email',
      email: email.toLowerCase(),
      emailCode: await codeSentTo(email.toLowerCase()),
    });
    expect(loggedIn.body.systemUser?.id).toBe(registered.body.systemUser.id);
    await codeSettings(60);
  });

  it('refuses a wrong code on its field, and a code used twice', async () => {
    const phone = newPhone();
    const c = client();
    await requestCode(c, { channel: 'sms', purpose: 'register', target: phone });
    const code = await codeSentTo(phone);
    const wrong = await registerByPhone(c, phone, { smsCode: code === '123456' ? '654321' : '123456' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'identity.code_invalid']);
    expect(wrong.body.fieldErrors).toEqual([
      expect.objectContaining({ field: 'smsCode', code: 'validation.code_invalid' }),
    ]);
    expect((await registerByPhone(c, phone, { smsCode: code })).status).toBe(201);
    const again = await registerByPhone(client(), phone, { smsCode: code });
    expect(again.body.code).toBe('identity.code_invalid');
  });

  it('drops a code after five wrong guesses', async () => {
    const phone = newPhone();
    await requestCode(client(), { channel: 'sms', purpose: 'register', target: phone });
    const code = await codeSentTo(phone);
    const wrongCode = code === '000001' ? '000002' : '000001';
    for (let guess = 0; guess < 5; guess++) {
      expect((await registerByPhone(client(), phone, { smsCode: wrongCode })).body.code).toBe('identity.code_invalid');
    }
    expect((await registerByPhone(client(), phone, { smsCode: code })).body.code).toBe('identity.code_invalid');
  });

  it.each([
    ['a 4-digit phone', { phone: '1380' }, 'phone', 'validation.too_short'],
    ['a 21-digit phone', { phone: '1'.repeat(21) }, 'phone', 'validation.too_long'],
    ['a 5-character code', { smsCode: '12345' }, 'smsCode', 'validation.too_short'],
    ['a 7-character code', { smsCode: '1234567' }, 'smsCode', 'validation.too_long'],
    ['a 6-character password', { password: 'short1', confirmPassword: 'short1' }, 'password', 'validation.too_short'],
    ['passwords that differ', { confirmPassword: 'other-password' }, 'confirmPassword', 'validation.mismatch'],
    ['terms not accepted', { agreeTerms: false }, 'agreeTerms', 'validation.must_accept'],
  ])('refuses a phone registration with %s on its field', async (_case, overrides, field, code) => {
    const response = await registerByPhone(client(), newPhone(), overrides);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
  });

  it.each([
    ['a 4-character email', { email: 'a@b.' }, 'email', 'validation.too_short'],
    ['a 91-character email', { email: `${'a'.repeat(79)}@example.com` }, 'email', 'validation.too_long'],
    ['something that is no address', { email: 'not-an-address' }, 'email', 'validation.invalid_format'],
    ['a 5-character code', { emailCode: '12345' }, 'emailCode', 'validation.too_short'],
  ])('refuses an email registration with %s on its field', async (_case, overrides, field, code) => {
    const c = client();
    const response = await c.post<ErrorBody>('/api/identity/register', {
      method: 'email',
      email: 'someone@example.com',
      emailCode: '123456',
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(c)),
      ...overrides,
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
  });

  it('holds a resend countdown set by the server; of two concurrent requests one wins', async () => {
    const phone = newPhone();
    const c = client();
    expect((await requestCode(c, { channel: 'sms', purpose: 'register', target: phone })).status).toBe(200);
    const soon = await requestCode(client(), { channel: 'sms', purpose: 'login', target: phone });
    expect([soon.status, soon.body.code]).toEqual([429, 'identity.code_too_soon']);
    expect(soon.body.message).toMatch(/\d+ seconds/);

    const raced = newPhone();
    const both = await Promise.all(
      [client(), client()].map((r) => requestCode(r, { channel: 'sms', purpose: 'register', target: raced })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await outbox().countDocuments({ target: raced })).toBe(1);
  });

  it('answers a login code request for an unknown number like any other, and sends nothing', async () => {
    const phone = newPhone();
    const c = client();
    const sent = await requestCode(c, { channel: 'sms', purpose: 'login', target: phone });
    expect([sent.status, sent.body]).toEqual([200, { resendAfterSeconds: 60, validSeconds: 600 }]);
    expect(await outbox().countDocuments({ target: phone })).toBe(0);
    const login = await c.post<ErrorBody>('/api/identity/login', { method: 'phone', phone, smsCode: '123456' });
    expect([login.status, login.body.code]).toEqual([401, 'identity.login_failed']);
  });

  it('refuses a code request without the right captcha', async () => {
    const response = await client().post<ErrorBody>('/api/identity/codes', {
      channel: 'sms',
      purpose: 'register',
      target: newPhone(),
      captchaKey: 'nope',
      captcha: 'abcd',
    });
    expect(response.body.code).toBe('identity.captcha_invalid');
  });

  it('lets exactly one of concurrent registrations of the same phone succeed', async () => {
    // The same code five times: the code is single-use, whoever consumes it wins.
    const phone = newPhone();
    const c = client();
    await requestCode(c, { channel: 'sms', purpose: 'register', target: phone });
    const smsCode = await codeSentTo(phone);
    const attempts = await Promise.all(Array.from({ length: 5 }, () => registerByPhone(client(), phone, { smsCode })));
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);

    // Two valid codes for one number (a registration, and a member binding it): the reservation decides.
    const contested = newPhone();
    const registrant = client();
    await requestCode(registrant, { channel: 'sms', purpose: 'register', target: contested });
    const registerCode = await codeSentTo(contested);
    const accountMember = await client().post<IssuedTokens>('/api/identity/register', {
      account: `binder_${phoneSeq}`,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(client())),
    });
    expect(accountMember.status).toBe(201);
    const member = t.client.as(accountMember.body.systemUser.id).from('10.9.9.10');
    const tooSoon = await requestCode(member, { channel: 'sms', purpose: 'bindPhone', target: contested });
    expect(tooSoon.body.code).toBe('identity.code_too_soon');
    await codeSettings(0);
    expect((await requestCode(member, { channel: 'sms', purpose: 'bindPhone', target: contested })).status).toBe(200);
    const bindCode = await codeSentTo(contested);
    const [registration, binding] = await Promise.all([
      registerByPhone(registrant, contested, { smsCode: registerCode }),
      member.post<ErrorBody>('/api/identity/me/phone', { phone: contested, smsCode: bindCode }),
    ]);
    expect([registration.status === 201, binding.status === 200].filter(Boolean)).toHaveLength(1);
    const loser = registration.status === 201 ? binding.body : registration.body;
    expect(loser.code).toBe('identity.phone_taken');
    await codeSettings(60);
  });

  it('binds a phone (real-name authentication) once, and changes it in two steps', async () => {
    const registered = await client().post<IssuedTokens>('/api/identity/register', {
      account: `realname_${phoneSeq}`,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      agreeTerms: true,
      ...(await captcha(client())),
    });
    const member = t.client.as(registered.body.systemUser.id).from('10.8.8.8');
    const noPhone = await requestCode(member, { channel: 'sms', purpose: 'verifyOldPhone' });
    expect(noPhone.body.code).toBe('identity.phone_not_bound');
    const visitor = await requestCode(client(), { channel: 'sms', purpose: 'bindPhone', target: newPhone() });
    expect([visitor.status, visitor.body.code]).toEqual([401, 'auth.unauthorized']);
    const first = newPhone();
    expect((await requestCode(member, { channel: 'sms', purpose: 'bindPhone', target: first })).status).toBe(200);
    const bound = await member.post('/api/identity/me/phone', { phone: first, smsCode: await codeSentTo(first) });
    expect([bound.status, bound.body]).toEqual([
      200,
      { phone: `${first.slice(0, 3)}****${first.slice(-4)}`, realNameVerified: true },
    ]);
    await codeSettings(0);
    expect((await requestCode(member, { channel: 'sms', purpose: 'bindPhone', target: newPhone() })).status).toBe(200);
    const second = await member.post<ErrorBody>('/api/identity/me/phone', { phone: newPhone(), smsCode: '123456' });
    expect(second.body.code).toBe('identity.phone_already_bound');

    // Step 1: the old number's code.
    expect((await requestCode(member, { channel: 'sms', purpose: 'verifyOldPhone' })).status).toBe(200);
    const step1 = await member.post<{ changeToken: string }>('/api/identity/me/phone/verify-old', {
      smsCode: await codeSentTo(first),
    });
    expect(step1.status).toBe(200);
    // Step 2: the new number's code.
    const next = newPhone();
    await requestCode(member, { channel: 'sms', purpose: 'bindPhone', target: next });
    const changed = await member.post('/api/identity/me/phone/change', {
      changeToken: step1.body.changeToken,
      phone: next,
      smsCode: await codeSentTo(next),
    });
    expect([changed.status, changed.body]).toEqual([
      200,
      { phone: `${next.slice(0, 3)}****${next.slice(-4)}`, realNameVerified: true },
    ]);
    const reused = await member.post<ErrorBody>('/api/identity/me/phone/change', {
      changeToken: step1.body.changeToken,
      phone: newPhone(),
      smsCode: '123456',
    });
    expect(reused.body.code).toBe('identity.change_token_invalid');

    // The old number is free again: somebody else registers with it.
    const taker = client();
    await requestCode(taker, { channel: 'sms', purpose: 'register', target: first });
    expect((await registerByPhone(taker, first, { smsCode: await codeSentTo(first) })).status).toBe(201);
    await codeSettings(60);
  });

  it('recovers a password by hint answer and by SMS code, and the reset ends every session', async () => {
    const c = client();
    const account = `forgetful_${phoneSeq}`;
    const registered = await c.post<IssuedTokens>('/api/identity/register', {
      account,
      password: 'old-password',
      confirmPassword: 'old-password',
      hintQuestion: 'My first pet?',
      hintAnswer: 'a grey cat',
      agreeTerms: true,
      ...(await captcha(c)),
    });
    expect(registered.status).toBe(201);
    const unknown = await c.post<ErrorBody>('/api/identity/password-recovery/start', {
      account: 'nobody_at_all',
      ...(await captcha(c)),
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'identity.account_not_found']);
    const start = await c.post('/api/identity/password-recovery/start', { account, ...(await captcha(c)) });
    expect(start.body).toEqual({ hintQuestion: 'My first pet?', phone: null, email: null });
    const wrong = await c.post<ErrorBody>('/api/identity/password-recovery/verify', {
      account,
      way: 'hint',
      hintAnswer: 'a dog',
    });
    expect(wrong.body.code).toBe('identity.hint_answer_wrong');
    const noPhone = await c.post<ErrorBody>('/api/identity/password-recovery/verify', {
      account,
      way: 'phone',
      code: '123456',
    });
    expect(noPhone.body.code).toBe('identity.recovery_way_unavailable');
    const verified = await c.post<{ recoveryToken: string }>('/api/identity/password-recovery/verify', {
      account,
      way: 'hint',
      hintAnswer: 'a grey cat',
    });
    expect(verified.status).toBe(200);
    const mismatch = await c.post<ErrorBody>('/api/identity/password-recovery/reset', {
      recoveryToken: verified.body.recoveryToken,
      password: 'new-password',
      confirmPassword: 'other-password',
    });
    expect(mismatch.body.fieldErrors?.[0]).toMatchObject({ field: 'confirmPassword', code: 'validation.mismatch' });
    await eventually(async () => {
      const sessions = await t
        .db('identity')
        .collection('member_sessions')
        .countDocuments({
          $or: [{ memberId: registered.body.systemUser.id }, { _id: registered.body.systemUser.id as never }],
        });
      expect(sessions).toBeGreaterThan(0);
    });
    const reset = await c.post('/api/identity/password-recovery/reset', {
      recoveryToken: verified.body.recoveryToken,
      password: 'new-password',
      confirmPassword: 'new-password',
    });
    expect(reset.status).toBe(204);
    const spent = await c.post<ErrorBody>('/api/identity/password-recovery/reset', {
      recoveryToken: verified.body.recoveryToken,
      password: 'newer-password',
      confirmPassword: 'newer-password',
    });
    expect(spent.body.code).toBe('identity.recovery_token_invalid');
    const renewed = await t.client.anonymous().withHeaders(bearer(registered.body)).post<ErrorBody>('/refreshToken');
    expect(renewed.body.code).toBe('identity.session_revoked');
    const oldLogin = await client().post<ErrorBody>('/api/identity/login', { account, password: 'old-password' });
    expect(oldLogin.body.code).toBe('identity.login_failed');
    expect((await client().post('/api/identity/login', { account, password: 'new-password' })).status).toBe(200);

    // By SMS code, for a member who registered with a phone.
    const { phone, tokens } = await phoneMember();
    const r = client();
    const ways = await r.post('/api/identity/password-recovery/start', {
      account: tokens.systemUser.account,
      ...(await captcha(r)),
    });
    expect(ways.body).toEqual({ hintQuestion: null, phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, email: null });
    await codeSettings(0);
    expect(
      (await requestCode(r, { channel: 'sms', purpose: 'recover', target: tokens.systemUser.account })).status,
    ).toBe(200);
    const byCode = await r.post<{ recoveryToken: string }>('/api/identity/password-recovery/verify', {
      account: tokens.systemUser.account,
      way: 'phone',
      code: await codeSentTo(phone),
    });
    expect(byCode.status).toBe(200);
    await codeSettings(60);
  });

  it('caps the codes per number and day, and refuses disabled methods', async () => {
    await codeSettings(0, 2);
    const phone = newPhone();
    expect((await requestCode(client(), { channel: 'sms', purpose: 'register', target: phone })).status).toBe(200);
    expect((await requestCode(client(), { channel: 'sms', purpose: 'register', target: phone })).status).toBe(200);
    const capped = await requestCode(client(), { channel: 'sms', purpose: 'register', target: phone });
    expect([capped.status, capped.body.code]).toEqual([429, 'identity.code_daily_cap']);

    await changeSettings({ registrationMethods: ['account'], loginMethods: ['account', 'email'] });
    await eventually(async () => {
      const refused = await registerByPhone(client(), newPhone(), { smsCode: '123456' });
      expect([refused.status, refused.body.code]).toEqual([403, 'identity.method_disabled']);
    });
    const code = await requestCode(client(), { channel: 'sms', purpose: 'login', target: newPhone() });
    expect(code.body.code).toBe('identity.method_disabled');
    const login = await client().post<ErrorBody>('/api/identity/login', {
      method: 'phone',
      phone: newPhone(),
      smsCode: '123456',
    });
    expect(login.body.code).toBe('identity.method_disabled');
    await changeSettings({ loginMethods: ['phone'] });
    await eventually(async () => {
      const byAccount = await client().post<ErrorBody>('/api/identity/login', {
        account: 'someone',
        password: 'whatever1',
      });
      expect(byAccount.body.code).toBe('identity.method_disabled');
    });
    await changeSettings({
      registrationMethods: ['account', 'phone', 'email', 'oauth'],
      loginMethods: ['account', 'phone', 'email', 'oauth'],
      verificationCodes: { resendSeconds: 60, dailyCapPerTarget: 10 },
    });
  });

  it('shows the outbox to staff only, filtered by channel', async () => {
    const member = await t.client.as('member-1').get<ErrorBody>('/api/identity/staff/outbox');
    expect(member.status).toBe(403);
    // A staff account needs `outbox.read` (the administrator holds it); one holding no permission is refused.
    expect((await t.client.as('staff-without-roles', 'staff').get('/api/identity/staff/outbox')).status).toBe(403);
    const staff = t.client.as(staffId, 'staff');
    const sms = await staff.get<{
      items: { channel: string; target: string; text: string; purpose: string }[];
      total: number;
    }>('/api/identity/staff/outbox?channel=sms&pageSize=5');
    expect(sms.status).toBe(200);
    expect(sms.body.items.length).toBeGreaterThan(0);
    expect(sms.body.items.every((item) => item.channel === 'sms')).toBe(true);
    expect(sms.body.items[0]).toEqual(
      expect.objectContaining({
        target: expect.any(String),
        text: expect.stringMatching(/\d{6}/),
        sentAt: expect.any(String),
      }),
    );
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import type { ErrorBody, MeView, PublicProfileView } from '@forum/contracts';
import { ipLocationOf, TokenService } from '@forum/platform';
import { commandMeta, eventually, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../accounts/commands';
import { IdentityModule } from '../identity.module';
import type { IssuedTokens } from '../sessions/session-issuer';

const PASSWORD = 'secret-password';

describe('identity: profile, avatar, password, cancellation', () => {
  let t: TestApp;
  let filesRoot: string;
  let ipCounter = 0;

  beforeAll(async () => {
    filesRoot = await mkdtemp(join(tmpdir(), 'profile-files-'));
    t = await startTestApp([IdentityModule, 'moderation'], { env: { FILE_STORAGE_DIR: filesRoot } });
  });
  afterAll(async () => {
    await t.close();
    await rm(filesRoot, { recursive: true, force: true });
  });

  async function register(account: string, nickname = account): Promise<string> {
    const tokens: IssuedTokens = await t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, nickname, password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true },
          commandMeta({ actor: { kind: 'visitor', id: null } }),
          'member',
          true,
        ),
      );
    return tokens.systemUser.id;
  }

  const as = (memberId: string) => t.client.as(memberId);
  const login = (account: string, password = PASSWORD) =>
    t.client
      .anonymous()
      .from(`10.9.0.${++ipCounter}`)
      .post<IssuedTokens & ErrorBody>('/api/identity/login', { account, password });

  /** A multipart request as a browser's FormData sends it (the test client only speaks JSON and forms). */
  async function upload(
    memberId: string,
    file: { bytes: Buffer; filename: string; contentType: string } | null,
    fields: Record<string, string> = {},
  ) {
    const boundary = `----forum${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
            `Content-Type: ${file.contentType}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const access = t.app.get(TokenService).issueAccessToken({ sub: memberId, kind: 'member' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/me/avatar',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'XMLHttpRequest',
        cookie: 'cms_token=csrf-test-token-0123456789',
        'bbs-xsrf-token': 'csrf-test-token-0123456789',
        authorization: `Bearer ${access},refresh-not-used-here`,
      },
      payload: Buffer.concat(parts),
    });
    return { status: response.statusCode, body: response.json() as { avatarUrl: string } & ErrorBody };
  }

  const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png', green = 30) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: green, b: 30 } } })
      .toFormat(format)
      .toBuffer();

  it('documents the file, profile and follow routes in the OpenAPI document', async () => {
    const document = await t.client.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    const documented = new Set(
      Object.entries(document.body.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const mine = t.routes
      .filter((route) => /^\/api\/(files|identity\/(me|follows|members\/:memberId))/.test(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`);
    expect(mine).toEqual(expect.arrayContaining(['GET /api/files/{path}', 'POST /api/identity/me/avatar']));
    expect(mine.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('shows the member their own profile in the agreed shape', async () => {
    const id = await register('me_shape', '形状');
    const me = await as(id).get<MeView>('/api/identity/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id,
      account: 'me_shape',
      nickname: '形状',
      kind: 'member',
      avatarUrl: null,
      email: null,
      phone: null,
      realNameVerified: false,
      allowUserDynamic: true,
      hintQuestion: null,
      state: 'enabled',
      registeredAt: expect.any(String),
      followerCount: 0,
      followingCount: 0,
    });
  });

  it('changes the nickname, frees the old one and refuses one that is taken', async () => {
    const ann = await register('nick_ann', 'Annie');
    const bob = await register('nick_bob', 'Bobby');
    // As the member site sends it: a form body, where the switch arrives as the string "false".
    const changed = await as(ann).asForm().request<MeView>('PATCH', '/api/identity/me', {
      nickname: 'Anna',
      allowUserDynamic: false,
      hintQuestion: 'My first school?',
      hintAnswer: 'Riverside',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ nickname: 'Anna', allowUserDynamic: false, hintQuestion: 'My first school?' });
    // The member page reads the switch from the public profile to leave the dynamics out.
    const shown = await t.client.anonymous().get<PublicProfileView>(`/api/identity/members/${ann}`);
    expect(shown.body).toMatchObject({ nickname: 'Anna', allowUserDynamic: false, registeredAt: expect.any(String) });
    const taken = await as(bob).request<ErrorBody>('PATCH', '/api/identity/me', { nickname: 'anna' });
    expect([taken.status, taken.body.code]).toEqual([409, 'identity.nickname_taken']);
    const freed = await as(bob).request<MeView>('PATCH', '/api/identity/me', { nickname: 'Annie' });
    expect([freed.status, freed.body.nickname]).toEqual([200, 'Annie']);
    const tooLong = await as(ann).request<ErrorBody>('PATCH', '/api/identity/me', { nickname: 'x'.repeat(16) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors).toEqual([
      expect.objectContaining({ field: 'nickname', code: 'validation.too_long' }),
    ]);
    await eventually(async () => {
      const copy = await t
        .db('moderation')
        .collection('member_profiles')
        .findOne({ _id: ann as never });
      expect(copy).toMatchObject({ nickname: 'Anna', allowUserDynamic: false });
    });
  });

  it('gives a contested new nickname to exactly one of the members racing for it', async () => {
    const racers = await Promise.all(['race_1', 'race_2', 'race_3', 'race_4'].map((account) => register(account)));
    const results = await Promise.all(
      racers.map((id) => as(id).request<ErrorBody>('PATCH', '/api/identity/me', { nickname: 'Winner' })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it('changes the password only with the current one', async () => {
    const id = await register('pw_change');
    const wrong = await as(id).post<ErrorBody>('/api/identity/me/password', {
      oldPassword: 'not-my-password',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'identity.password_incorrect']);
    const mismatch = await as(id).post<ErrorBody>('/api/identity/me/password', {
      oldPassword: PASSWORD,
      password: 'brand-new-pass',
      confirmPassword: 'other-new-pass',
    });
    expect(mismatch.body.fieldErrors).toEqual([expect.objectContaining({ field: 'confirmPassword' })]);
    const changed = await as(id).post('/api/identity/me/password', {
      oldPassword: PASSWORD,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(changed.status).toBe(204);
    expect((await login('pw_change')).status).toBe(401);
    expect((await login('pw_change', 'brand-new-pass')).status).toBe(200);
  });

  it('crops and resizes an avatar to a 200×200 webp served immutably, replacing the old one', async () => {
    const id = await register('avatar_ok');
    const first = await upload(
      id,
      { bytes: await picture(400, 300), filename: 'me.png', contentType: 'image/png' },
      { x: '50', y: '20', width: '250', height: '250' },
    );
    expect(first.status).toBe(200);
    expect(first.body.avatarUrl).toMatch(new RegExp(`^/api/files/avatars/${id}/[0-9a-f]{40}\\.webp$`));
    const served = await t.client.anonymous().get<string>(first.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const raw = await t.app.inject({ method: 'GET', url: first.body.avatarUrl });
    const decoded = await sharp(raw.rawPayload).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', 200, 200]);

    const second = await upload(id, {
      bytes: await picture(300, 500, 'jpeg', 160),
      filename: 'b.jpg',
      contentType: 'image/jpeg',
    });
    expect(second.status).toBe(200);
    expect(second.body.avatarUrl).not.toBe(first.body.avatarUrl);
    expect((await t.client.anonymous().get(first.body.avatarUrl)).status).toBe(404);
    expect((await as(id).get<MeView>('/api/identity/me')).body.avatarUrl).toBe(second.body.avatarUrl);
    expect(await readdir(join(filesRoot, 'avatars', id))).toHaveLength(1);
    await eventually(async () => {
      const copy = await t
        .db('moderation')
        .collection('member_profiles')
        .findOne({ _id: id as never });
      expect(copy?.avatarUrl).toBe(second.body.avatarUrl);
    });
  });

  it('refuses uploads that are too large, not images, lying about their type, or badly cropped', async () => {
    const id = await register('avatar_abuse');
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await upload(id, { bytes: big, filename: 'big.png', contentType: 'image/png' });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'files.too_large']);
    expect(tooLarge.body.message).toContain('2048');

    const script = Buffer.from('<script>alert(document.cookie)</script>');
    const lying = await upload(id, { bytes: script, filename: 'cat.png', contentType: 'image/png' });
    expect([lying.status, lying.body.code]).toEqual([415, 'files.type_not_allowed']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(id, { bytes: svg, filename: 'x.svg', contentType: 'image/svg+xml' })).status).toBe(415);
    const pdf = Buffer.from('%PDF-1.7 not an image');
    expect((await upload(id, { bytes: pdf, filename: 'x.png', contentType: 'image/png' })).body.code).toBe(
      'files.type_not_allowed',
    );
    const truncated = (await picture(50, 50)).subarray(0, 40);
    expect((await upload(id, { bytes: truncated, filename: 'x.png', contentType: 'image/png' })).status).toBe(415);

    const outside = await upload(
      id,
      { bytes: await picture(100, 100), filename: 'me.png', contentType: 'image/png' },
      { x: '50', y: '50', width: '80', height: '80' },
    );
    expect([outside.status, outside.body.code]).toEqual([400, 'identity.avatar_crop_invalid']);
    expect((await upload(id, null)).body.code).toBe('files.missing');
    const notMultipart = await as(id).post<ErrorBody>('/api/identity/me/avatar', { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect((await as(id).get<MeView>('/api/identity/me')).body.avatarUrl).toBeNull();
  });

  it('never lets a file name choose where a file goes, nor a URL reach outside the store', async () => {
    const id = await register('avatar_path');
    const sneaky = await upload(id, {
      bytes: await picture(64, 64),
      filename: '../../../../etc/cron.d/evil.png',
      contentType: 'image/png',
    });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.avatarUrl).not.toContain('evil');
    expect(await readdir(filesRoot)).toEqual(['avatars']);
    for (const url of [
      '/api/files/../../package.json',
      '/api/files/%2e%2e/%2e%2e/package.json',
      '/api/files/avatars/..%2f..%2fpackage.json',
      '/api/files/avatars/nothing-here.webp',
    ]) {
      expect((await t.client.anonymous().get(url)).status).toBe(404);
    }
  });

  it('logs logins with the IP location', async () => {
    const id = await register('log_where');
    await t.client
      .anonymous()
      .from('10.1.2.3')
      .post('/api/identity/login', { account: 'log_where', password: PASSWORD });
    await eventually(async () => {
      const log = await as(id).get<{ items: { ip: string; ipLocation: string | null; type: string }[] }>(
        '/api/identity/login-log',
      );
      expect(log.body.items[0]).toMatchObject({ ip: '10.1.2.3', type: 'login', ipLocation: ipLocationOf('10.1.2.3') });
      expect(log.body.items[0]!.ipLocation).not.toBeNull();
    });
  });

  it('cancels an account for good: no login, no renewal, shown everywhere without name or avatar', async () => {
    const id = await register('leaving', 'Leaver');
    const avatar = await upload(id, { bytes: await picture(80, 80), filename: 'a.png', contentType: 'image/png' });
    const session = await login('leaving');
    expect(session.status).toBe(200);

    const unconfirmed = await as(id).post<ErrorBody>('/api/identity/me/cancel', { password: PASSWORD, confirm: false });
    expect(unconfirmed.status).toBe(400);
    const wrong = await as(id).post<ErrorBody>('/api/identity/me/cancel', {
      password: 'wrong-password',
      confirm: true,
    });
    expect(wrong.body.code).toBe('identity.password_incorrect');
    const cancelled = await as(id).asForm().post('/api/identity/me/cancel', { password: PASSWORD, confirm: 'true' });
    expect(cancelled.status).toBe(204);

    expect((await login('leaving')).status).toBe(403);
    const renewal = await t.client
      .anonymous()
      .withHeaders({ authorization: `Bearer ${session.body.accessToken},${session.body.refreshToken}` })
      .post<ErrorBody>('/refreshToken');
    expect(renewal.status).toBe(401);
    // The account's tokens end with it (ADR 26), whatever session they came from.
    const me = await as(id).get<ErrorBody>('/api/identity/me');
    expect([me.status, me.body.code]).toEqual([401, 'auth.account_cancelled']);
    const shown = await t.client.anonymous().get<PublicProfileView>(`/api/identity/members/${id}`);
    expect(shown.body).toMatchObject({ id, nickname: null, avatarUrl: null, cancelled: true });
    expect((await t.client.anonymous().get(avatar.body.avatarUrl)).status).toBe(404);
    const again = await as(id).request<ErrorBody>('PATCH', '/api/identity/me', { nickname: 'Back' });
    expect(again.body.code).toBe('auth.account_cancelled');
    await eventually(async () => {
      const copy = await t
        .db('moderation')
        .collection('member_profiles')
        .findOne({ _id: id as never });
      expect(copy).toMatchObject({ nickname: null, avatarUrl: null, cancelled: true, account: 'leaving' });
    });
    // The nickname is free for someone else.
    const other = await register('newcomer');
    const renamed = await as(other).request<MeView>('PATCH', '/api/identity/me', { nickname: 'Leaver' });
    expect(renamed.status).toBe(200);
  });
});

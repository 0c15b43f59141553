import { createHash, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@forum/contracts';
import { eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { IdentityModule } from '../identity.module';
import type { OAuthLoginResult } from './oauth-login';
import { OAuthStates } from './oauth-stores';
import { SANDBOX_CLIENT_ID, SandboxAuthority } from './sandbox/sandbox-authority';

/** A page of the dance: where the browser is sent next. */
const locationOf = (headers: Record<string, unknown>) => String(headers.location);
const paramsOf = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('third-party login (OAuth 2)', () => {
  let t: TestApp;
  let ip = 0;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, 'moderation']);
  });
  afterAll(() => t.close());

  const browser = () => t.client.anonymous().from(`10.9.0.${++ip}`);

  /** The member site's login button up to the provider's approval, as a browser follows it. */
  async function approveAtSandbox(
    subject: string,
    nickname: string,
    decision: 'approve' | 'deny' = 'approve',
  ): Promise<{ state: string; code: string | null; error: string | null; returnUrl: string }> {
    const b = browser();
    const start = await b.get('/api/identity/oauth/sandbox/authorize?jumpUrl=%2Fquestions');
    expect(start.status).toBe(302);
    const providerPage = locationOf(start.headers);
    expect(providerPage).toMatch(/^\/api\/identity\/oauth-sandbox\/authorize\?/);
    expect(paramsOf(providerPage).get('code_challenge_method')).toBe('S256');
    const page = await b.get<string>(providerPage);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)?.[1];
    expect(ticket).toBeTruthy();
    const approved = await b
      .withoutCsrf()
      .asForm()
      .post('/api/identity/oauth-sandbox/authorize', { ticket, decision, subject, nickname });
    expect(approved.status).toBe(302);
    const returnUrl = locationOf(approved.headers);
    expect(new URL(returnUrl).pathname).toBe('/thirdParty/loginRedirect');
    const params = new URL(returnUrl).searchParams;
    expect(params.get('state')).toBe(paramsOf(providerPage).get('state'));
    return { state: params.get('state')!, code: params.get('code'), error: params.get('error'), returnUrl };
  }

  const callback = (body: Record<string, unknown>) =>
    browser().post<OAuthLoginResult & ErrorBody>('/api/identity/oauth/callback', body);

  describe('with the built-in sandbox provider', () => {
    it('offers the sandbox when no provider is configured', async () => {
      const providers = await browser().get<{ id: string; name: string }[]>('/api/identity/oauth/providers');
      expect(providers.body).toEqual([{ id: 'sandbox', name: 'Sandbox' }]);
      const unknown = await browser().get<ErrorBody>('/api/identity/oauth/nope/authorize');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'identity.oauth_provider_unknown']);
    });

    it('registers a member on the first login and signs the same member in afterwards', async () => {
      const first = await approveAtSandbox('alice-at-sandbox', 'Alice Liddell');
      const login = await callback({ state: first.state, code: first.code });
      expect(login.status).toBe(200);
      expect(login.body.systemUser).toMatchObject({ nickname: 'Alice Liddell', kind: 'member' });
      expect(login.body.systemUser.account).toMatch(/^u\d{10}$/);
      expect(login.body.jumpUrl).toBe('/questions');
      const me = await t.client
        .anonymous()
        .withHeaders({ authorization: `Bearer ${login.body.accessToken},${login.body.refreshToken}` })
        .get<{ id: string }>('/api/identity/me');
      expect(me.body.id).toBe(login.body.systemUser.id);
      const registered = await t
        .db('identity')
        .collection('commits')
        .findOne({ 'events.type': 'MemberRegistered', streamId: `member-${login.body.systemUser.id}` });
      expect(registered?.events[0].data.method).toBe('oauth');

      const second = await approveAtSandbox('alice-at-sandbox', 'Alice renamed');
      const again = await callback({ state: second.state, code: second.code });
      expect(again.body.systemUser.id).toBe(login.body.systemUser.id);

      const namesake = await approveAtSandbox('another-alice', 'Alice Liddell');
      const other = await callback({ state: namesake.state, code: namesake.code });
      expect(other.body.systemUser.id).not.toBe(login.body.systemUser.id);
      expect(other.body.systemUser.nickname).toMatch(/^Alice Lidde\d{4}$/);
    });

    it('refuses a replayed state, a wrong code, and a login the user denied at the provider', async () => {
      const dance = await approveAtSandbox('replayer', 'Replayer');
      expect((await callback({ state: dance.state, code: dance.code })).status).toBe(200);
      const replay = await callback({ state: dance.state, code: dance.code });
      expect([replay.status, replay.body.code]).toEqual([400, 'identity.oauth_state_invalid']);

      const wrongCode = await approveAtSandbox('wrong-code', 'Wrong code');
      const refused = await callback({ state: wrongCode.state, code: 'not-the-code' });
      expect([refused.status, refused.body.code]).toEqual([502, 'identity.oauth_failed']);
      // The state was spent by that attempt: the right code cannot follow it.
      expect((await callback({ state: wrongCode.state, code: wrongCode.code })).body.code).toBe(
        'identity.oauth_state_invalid',
      );

      const denied = await approveAtSandbox('denier', 'Denier', 'deny');
      expect([denied.code, denied.error]).toEqual([null, 'access_denied']);
      const failed = await callback({ state: denied.state, error: denied.error });
      expect(failed.body.code).toBe('identity.oauth_failed');
      expect((await callback({ state: 'made-up-state', code: 'x' })).body.code).toBe('identity.oauth_state_invalid');
    });

    it('links one member when the same account logs in twice at the same moment', async () => {
      const [a, b] = [await approveAtSandbox('twin', 'Twin'), await approveAtSandbox('twin', 'Twin')];
      const [first, second] = await Promise.all([
        callback({ state: a.state, code: a.code }),
        callback({ state: b.state, code: b.code }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.systemUser.id).toBe(second.body.systemUser.id);
      expect(await t.db('identity').collection('members').countDocuments({ nickname: 'Twin' })).toBe(1);
    });

    it('checks the code exchange like a provider: PKCE verifier, redirect URI, single use', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const redirect = 'http://localhost/thirdParty/loginRedirect';
      const b = browser();
      const page = await b.get<string>(
        `/api/identity/oauth-sandbox/authorize?response_type=code&client_id=forum-sandbox&redirect_uri=${encodeURIComponent(redirect)}&state=state-0123456789abcdef&code_challenge=${challenge}&code_challenge_method=S256`,
      );
      const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)![1];
      const approved = await b
        .withoutCsrf()
        .asForm()
        .post('/api/identity/oauth-sandbox/authorize', { ticket, decision: 'approve' });
      const code = new URL(locationOf(approved.headers)).searchParams.get('code')!;
      const exchange = (overrides: Record<string, string>) =>
        b
          .withoutCsrf()
          .asForm()
          .post<{ access_token?: string; error?: string }>('/api/identity/oauth-sandbox/token', {
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirect,
            client_id: 'forum-sandbox',
            code_verifier: verifier,
            ...overrides,
          });
      const wrongVerifier = await exchange({ code_verifier: randomBytes(32).toString('base64url') });
      expect([wrongVerifier.status, wrongVerifier.body.error]).toEqual([400, 'invalid_grant']);
      // That failed attempt used the code up.
      expect((await exchange({})).body.error).toBe('invalid_grant');

      const reused = await b
        .withoutCsrf()
        .asForm()
        .post('/api/identity/oauth-sandbox/authorize', { ticket, decision: 'approve' });
      expect(reused.status).toBe(400);
      const foreignReturn = await b.get(
        `/api/identity/oauth-sandbox/authorize?response_type=code&client_id=forum-sandbox&redirect_uri=${encodeURIComponent('https://evil.example/steal')}&state=state-0123456789abcdef&code_challenge=${challenge}&code_challenge_method=S256`,
      );
      expect(foreignReturn.status).toBe(400);
      const notAUrl = await b.get(
        `/api/identity/oauth-sandbox/authorize?response_type=code&client_id=forum-sandbox&redirect_uri=x&state=state-0123456789abcdef&code_challenge=${challenge}&code_challenge_method=S256`,
      );
      expect(notAUrl.status).toBe(400);
      const info = await b
        .withHeaders({ authorization: 'Bearer not-a-token' })
        .get<{ error: string }>('/api/identity/oauth-sandbox/userinfo');
      expect([info.status, info.body.error]).toEqual([401, 'invalid_token']);
    });
    it('answers a right exchange with a token that reads the user info, once', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const redirect = 'http://localhost/thirdParty/loginRedirect';
      const b = browser();
      const page = await b.get<string>(
        `/api/identity/oauth-sandbox/authorize?response_type=code&client_id=forum-sandbox&redirect_uri=${encodeURIComponent(redirect)}&state=state-0123456789abcdef&code_challenge=${challenge}&code_challenge_method=S256`,
      );
      const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)![1];
      const approved = await b.withoutCsrf().asForm().post('/api/identity/oauth-sandbox/authorize', {
        ticket,
        decision: 'approve',
        subject: 'http-user',
        nickname: 'Http',
      });
      const code = new URL(locationOf(approved.headers)).searchParams.get('code')!;
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirect,
        client_id: 'forum-sandbox',
        code_verifier: verifier,
      };
      const token = await b
        .withoutCsrf()
        .asForm()
        .post<{ access_token: string; token_type: string }>('/api/identity/oauth-sandbox/token', form);
      expect([token.status, token.body.token_type]).toEqual([200, 'Bearer']);
      const info = await b
        .withHeaders({ authorization: `Bearer ${token.body.access_token}` })
        .get('/api/identity/oauth-sandbox/userinfo');
      expect(info.body).toEqual({ sub: 'http-user', nickname: 'Http' });
      const again = await b.withoutCsrf().asForm().post<{ error: string }>('/api/identity/oauth-sandbox/token', form);
      expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
    });

    it('lets a state expire after 10 minutes and a sandbox code after 60 seconds', async () => {
      const states = t.app.select(IdentityModule).get(OAuthStates);
      const now = new Date();
      const pending = { provider: 'sandbox', codeVerifier: 'v', redirectUri: 'http://localhost/x', jumpUrl: null };
      const fresh = await states.create(pending, now);
      expect(await states.consume(fresh, new Date(now.getTime() + 9 * 60_000))).toEqual(pending);
      const stale = await states.create(pending, now);
      expect(await states.consume(stale, new Date(now.getTime() + 10 * 60_000))).toBeNull();

      const authority = t.app.select(IdentityModule).get(SandboxAuthority);
      const verifier = randomBytes(32).toString('base64url');
      const authorization = {
        clientId: SANDBOX_CLIENT_ID,
        redirectUri: 'http://localhost/thirdParty/loginRedirect',
        state: 's',
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      };
      const code = await authority.issueCode(authorization, { subject: 'late', nickname: 'Late' }, now);
      await expect(
        authority.exchange(
          { code, clientId: SANDBOX_CLIENT_ID, redirectUri: authorization.redirectUri, codeVerifier: verifier },
          new Date(now.getTime() + 61_000),
        ),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    });
  });

  describe('with a provider configured by staff (generic adapter)', () => {
    let provider: Server;
    let base: string;
    const codes = new Map<string, { challenge: string; redirectUri: string }>();
    const tokens = new Map<string, { uid: number; name: string }>();

    const body = (request: IncomingMessage) =>
      new Promise<URLSearchParams>((resolve) => {
        let text = '';
        request.on('data', (chunk) => (text += chunk));
        request.on('end', () => resolve(new URLSearchParams(text)));
      });

    beforeAll(async () => {
      // A small provider: a token endpoint checking client secret, code, redirect URI and PKCE, and user info.
      provider = createServer(async (request, response) => {
        const send = (status: number, payload: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(payload));
        };
        if (request.method === 'POST' && request.url === '/oauth/token') {
          const form = await body(request);
          const issued = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (form.get('client_id') !== 'forum-client' || form.get('client_secret') !== 's3cret')
            return send(401, { error: 'invalid_client' });
          if (
            !issued ||
            issued.redirectUri !== form.get('redirect_uri') ||
            createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
          )
            return send(400, { error: 'invalid_grant', error_description: 'bad code' });
          const token = randomBytes(16).toString('hex');
          tokens.set(token, { uid: 4242, name: 'Gina from Acme' });
          return send(200, { access_token: token, token_type: 'bearer' });
        }
        if (request.method === 'GET' && request.url === '/api/me') {
          const user = tokens.get(String(request.headers.authorization).replace(/^Bearer /, ''));
          return user ? send(200, { data: user }) : send(401, { error: 'invalid_token' });
        }
        send(404, {});
      });
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

      const adminId = await staffAccount(t.app, 'oauth_admin', { contexts: [IdentityModule, 'moderation'] });
      const admin = t.client.as(adminId, 'staff');
      const changed = await admin.request('PATCH', '/api/moderation/settings', {
        oauthProviders: [
          {
            id: 'acme',
            name: 'Acme',
            authorizeUrl: `${base}/oauth/authorize`,
            tokenUrl: `${base}/oauth/token`,
            userInfoUrl: `${base}/api/me`,
            clientId: 'forum-client',
            scope: 'profile',
            idField: 'data.uid',
            nicknameField: 'data.name',
          },
        ],
      });
      expect(changed.status).toBe(200);
      expect(JSON.stringify(changed.body)).not.toContain('s3cret');
      expect(
        (await admin.request('PUT', '/api/identity/oauth/providers/acme/secret', { clientSecret: 's3cret' })).status,
      ).toBe(204);
      expect(
        (
          await t.client
            .as('member-1')
            .request<ErrorBody>('PUT', '/api/identity/oauth/providers/acme/secret', { clientSecret: 'x' })
        ).status,
      ).toBe(403);
      await eventually(async () =>
        expect((await browser().get('/api/identity/oauth/providers')).body).toEqual([{ id: 'acme', name: 'Acme' }]),
      );
    });
    afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

    /** The browser goes to Acme, which approves and sends it back with a code it remembers. */
    async function approveAtAcme(): Promise<{ state: string; code: string }> {
      const start = await browser().get('/api/identity/oauth/acme/authorize');
      const target = new URL(locationOf(start.headers));
      expect(`${target.origin}${target.pathname}`).toBe(`${base}/oauth/authorize`);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'forum-client',
        scope: 'profile',
        code_challenge_method: 'S256',
        redirect_uri: 'http://localhost:80/thirdParty/loginRedirect',
      });
      const code = randomBytes(8).toString('hex');
      codes.set(code, {
        challenge: target.searchParams.get('code_challenge')!,
        redirectUri: target.searchParams.get('redirect_uri')!,
      });
      return { state: target.searchParams.get('state')!, code };
    }

    it('logs in through the provider: code exchange with secret and PKCE, then the mapped user info', async () => {
      const { state, code } = await approveAtAcme();
      const login = await callback({ state, code });
      expect(login.status).toBe(200);
      expect(login.body.systemUser.nickname).toBe('Gina from Acme');
      const again = await approveAtAcme();
      expect((await callback(again)).body.systemUser.id).toBe(login.body.systemUser.id);
      expect((await browser().get('/api/identity/oauth/sandbox/authorize')).status).toBe(404);
    });

    it('turns the provider error answer into identity.oauth_failed', async () => {
      const { state } = await approveAtAcme();
      const refused = await callback({ state, code: 'unknown-code' });
      expect([refused.status, refused.body.code]).toEqual([502, 'identity.oauth_failed']);
    });
  });
});

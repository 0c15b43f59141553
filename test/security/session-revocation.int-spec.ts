import { ADMINISTRATOR_ROLE_ID } from '@forum/contracts';
import type { ErrorBody } from '@forum/contracts';
import { eventually, staffAccount } from '@forum/testing';
import type { TestClient } from '@forum/testing';
import type { IssuedTokens } from '../../services/identity/src/sessions/session-issuer';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { routesOf, startSecurityApp } from './security-harness';
import type { SecurityApp } from './security-harness';

const PASSWORD = 'member-password';

/**
 * Issue 17: an access token ends with its session or its account, on the very next request, in every context:
 * logout, password change, disabling and cancelling; a revoked staff role is refused at once; a live unread
 * stream of an ended session is closed.
 */
describe('session revocation', () => {
  let s: SecurityApp;
  let base: string;
  let tagId: string;
  let address = 0;

  beforeAll(async () => {
    s = await startSecurityApp();
    base = await s.t.listen();
    tagId = (await s.staff.post<{ tagId: string }>('/api/forum/tags', { name: 'Revocation' })).body.tagId;
  }, 120_000);
  afterAll(() => s?.t.close());

  /** A real login (a session with a refresh token), from an address of its own so throttles stay apart. */
  async function login(account: string, password = PASSWORD): Promise<{ tokens: IssuedTokens; client: TestClient }> {
    const from = `10.17.0.${++address}`;
    const tokens = await eventually(async () => {
      const answer = await s.t.client.anonymous().from(from).post<IssuedTokens>('/api/identity/login', {
        account,
        password,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    });
    const client = s.t.client
      .anonymous()
      .from(from)
      .withHeaders({ authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` });
    return { tokens, client };
  }

  const codeOf = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    return { status, code: (body as ErrorBody | null)?.code };
  };

  /** Reads and writes in four contexts, as the holder of `client`'s token. */
  async function everywhere(client: TestClient, peerId: string) {
    return Promise.all([
      codeOf(client.get('/api/identity/me')),
      codeOf(client.post('/api/messaging/messages', { toMemberId: peerId, content: 'hello' })),
      codeOf(client.post('/api/forum/topics', { title: 'Still here?', content: '<p>Posted.</p>', tagIds: [tagId] })),
      codeOf(client.get('/api/wallet/me')),
    ]);
  }

  async function openStream(accessToken: string) {
    const abort = new AbortController();
    const response = await fetch(`${base}/api/messaging/unread-count/stream?access_token=${accessToken}`, {
      signal: abort.signal,
      headers: { accept: 'text/event-stream' },
    });
    const ended = (async () => {
      const reader = response.body!.getReader();
      while (!(await reader.read()).done);
      return true;
    })();
    return { response, ended, abort };
  }

  it('logout ends the token at once: API calls in every context and the unread stream', async () => {
    const memberId = await s.member('rev_logout');
    const peerId = await s.member('rev_logout_peer');
    const { tokens, client } = await login('rev_logout');
    const other = await login('rev_logout');
    expect((await client.get('/api/identity/me')).status).toBe(200);
    const stream = await openStream(tokens.accessToken);
    expect(stream.response.status).toBe(200);

    expect((await client.post('/api/identity/logout')).status).toBe(204);

    expect(await everywhere(client, peerId)).toEqual(
      Array.from({ length: 4 }, () => ({ status: 401, code: 'auth.session_ended' })),
    );
    await expect(stream.ended).resolves.toBe(true);
    const again = await fetch(`${base}/api/messaging/unread-count/stream?access_token=${tokens.accessToken}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorBody).code).toBe('auth.session_ended');
    // The member's other session is untouched.
    expect((await other.client.get('/api/identity/me')).body).toMatchObject({ id: memberId });
  });

  it('a password change ends every other session and keeps the one it was made from', async () => {
    const peerId = await s.member('rev_password_peer');
    await s.member('rev_password');
    const here = await login('rev_password');
    const elsewhere = await login('rev_password');
    const changed = await here.client.post('/api/identity/me/password', {
      oldPassword: PASSWORD,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(changed.status).toBe(204);
    expect(await codeOf(elsewhere.client.get('/api/identity/me'))).toEqual({
      status: 401,
      code: 'auth.session_ended',
    });
    expect((await here.client.get('/api/identity/me')).status).toBe(200);
    expect((await everywhere(here.client, peerId)).map((answer) => answer.status)).toEqual([200, 201, 201, 200]);
  });

  it('a disabled account is refused on the next request in every context, and comes back when enabled', async () => {
    const memberId = await s.member('rev_disabled');
    const peerId = await s.member('rev_disabled_peer');
    const { client } = await login('rev_disabled');
    const stream = await openStream((await login('rev_disabled')).tokens.accessToken);
    expect(stream.response.status).toBe(200);
    // A token made without a session (tools, tests) is refused too: the account is what is switched off.
    const sessionless = s.t.client.as(memberId);

    const disabled = await s.staff.post(`/api/identity/members/${memberId}/state`, { state: 'disabled' });
    expect(disabled.status).toBe(200);

    const refused = { status: 401, code: 'auth.account_disabled' };
    expect(await everywhere(client, peerId)).toEqual([refused, refused, refused, refused]);
    expect(await everywhere(sessionless, peerId)).toEqual([refused, refused, refused, refused]);
    await expect(stream.ended).resolves.toBe(true);
    // The member site shows the message in the member's language.
    const zh = await client.inLanguage('zh-CN').get<ErrorBody>('/api/identity/me');
    expect(zh.body.message).toBe('该账号已被禁用。');

    expect((await s.staff.post(`/api/identity/members/${memberId}/state`, { state: 'enabled' })).status).toBe(200);
    expect((await sessionless.get('/api/identity/me')).status).toBe(200);
    // The sessions that were ended stay ended; a new login works.
    expect(await codeOf(client.get('/api/identity/me'))).toEqual({ status: 401, code: 'auth.session_ended' });
    expect((await (await login('rev_disabled')).client.get('/api/identity/me')).status).toBe(200);
  });

  it('a cancelled account is refused on the next request in every context', async () => {
    await s.member('rev_cancelled');
    const peerId = await s.member('rev_cancelled_peer');
    const { client } = await login('rev_cancelled');
    const elsewhere = await login('rev_cancelled');
    expect((await client.post('/api/identity/me/cancel', { password: PASSWORD, confirm: true })).status).toBe(204);
    const refused = { status: 401, code: 'auth.account_cancelled' };
    expect(await everywhere(elsewhere.client, peerId)).toEqual([refused, refused, refused, refused]);
  });

  it('a session ended in another replica is refused here within a second (the revocations poll)', async () => {
    await s.member('rev_replica');
    const { tokens, client } = await login('rev_replica');
    expect((await client.get('/api/wallet/me')).status).toBe(200);
    const sessionId = tokens.refreshToken.split('.')[0]!;
    // What the other replica's projectors write when it records the logout; no event reaches this process.
    for (const context of ['identity', 'forum', 'moderation', 'wallet', 'messaging', 'qa', 'search', 'assistant']) {
      await s.t
        .db(context)
        .collection<{ _id: string; kind: string; sessionId: string; at: Date }>('access_revocations')
        .insertOne({ _id: `session-${sessionId}`, kind: 'session', sessionId, at: new Date() });
    }
    const ended = Date.now();
    await eventually(async () =>
      expect(await codeOf(client.get('/api/wallet/me'))).toEqual({ status: 401, code: 'auth.session_ended' }),
    );
    console.log(`a session ended in another replica was refused here after ${Date.now() - ended} ms`);
  });

  it('a revoked staff role is refused on the next request, in another context too', async () => {
    const staffId = await staffAccount(s.t.app, 'rev_staff', { contexts: ALL_CONTEXTS, permission: 'settings.edit' });
    const staff = s.t.client.as(staffId, 'staff');
    const walletRoute = (await routesOf(s.t)).find(
      (route) =>
        route.method === 'GET' &&
        route.path.startsWith('/api/wallet/') &&
        !route.path.includes('{') &&
        route.operation['x-required-permission'],
    );
    expect(walletRoute).toBeDefined();
    expect((await staff.get(walletRoute!.path)).status).toBe(200);

    const revoked = await s.staff.request('DELETE', `/api/identity/members/${staffId}/roles/${ADMINISTRATOR_ROLE_ID}`);
    expect(revoked.status).toBe(204);

    expect(await codeOf(staff.get(walletRoute!.path))).toEqual({ status: 403, code: 'auth.forbidden' });
    expect(await codeOf(staff.get(`/api/identity/members/${staffId}/roles`))).toEqual({
      status: 403,
      code: 'auth.forbidden',
    });
  });
});

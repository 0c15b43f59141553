import type { ErrorBody } from '@forum/contracts';
import { eventually } from '@forum/testing';
import type { TestClient } from '@forum/testing';
import {
  isStaffRoute,
  jsonBodySchema,
  nameOf,
  routesOf,
  startSecurityApp,
  urlOf,
  WRITE_METHODS,
} from './security-harness';
import type { Route, SecurityApp } from './security-harness';

/**
 * Issue 11: CSRF on every write, mass assignment and NoSQL-injection payloads in every parameter and body field,
 * all enumerated from the OpenAPI document of the whole product.
 */
describe('hostile input on every documented route', () => {
  let s: SecurityApp;
  let routes: Route[];
  let memberId: string;
  let address = 0;

  beforeAll(async () => {
    // Per-route limits still apply; the default write limit is raised so the sweep measures validation, not 429s.
    s = await startSecurityApp({
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000' },
    });
    routes = (await routesOf(s.t)).filter((route) => !route.path.endsWith('/stream'));
    memberId = await s.member('sec_hostile');
  }, 120_000);
  afterAll(() => s.t.close());

  /** The caller a route is meant for (staff for staff routes), from a fresh address each time. */
  const callerOf = (route: Route): TestClient =>
    (isStaffRoute(route) ? s.staff : s.t.client.as(memberId)).from(`10.20.${(++address >> 8) & 255}.${address & 255}`);

  it('refuses every write that has the cookie but not the BBS-XSRF-TOKEN header, before any handler runs', async () => {
    const writes = routes.filter((route) => WRITE_METHODS.includes(route.method));
    const exempt = writes.filter((route) => route.operation['x-skip-csrf']).map(nameOf);
    // Only server-to-server callbacks and the sandbox gateways' own pages go without the token.
    expect(exempt.sort()).toEqual([
      'POST /api/identity/oauth-sandbox/authorize',
      'POST /api/identity/oauth-sandbox/token',
      'POST /api/wallet/payments/notify/{provider}',
      'POST /api/wallet/payments/sandbox/checkout/{intentId}',
    ]);
    const before = await s.commits();
    const wrong: string[] = [];
    for (const route of writes.filter((candidate) => !candidate.operation['x-skip-csrf'])) {
      const client = callerOf(route).withoutCsrf();
      // The cookie alone (a cross-site form), and the cookie with a header that does not match it.
      const attempts: Record<string, string>[] = [
        { cookie: 'cms_token=csrf-test-token-0123456789' },
        { cookie: 'cms_token=csrf-test-token-0123456789', 'bbs-xsrf-token': 'csrf-test-token-9876543210' },
      ];
      for (const headers of attempts) {
        const response = await client.withHeaders(headers).request<ErrorBody>(route.method, urlOf(route.path), {});
        if (response.status !== 403 || response.body.code !== 'csrf.invalid') {
          wrong.push(`${nameOf(route)} → ${response.status} ${response.body.code}`);
        }
      }
    }
    expect(writes.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
    expect(await s.commits()).toBe(before);
  }, 120_000);

  const INTRUDERS = { isStaff: true, authorId: 'someone-else', role: 'administrator', balance: 1_000_000, _id: 'x' };

  /**
   * Bodies validated as a whole rather than field by field: the settings patch is merged into the settings and the
   * result checked against the strict settings schema; the OAuth sandbox's token endpoint answers OAuth's own
   * `invalid_request`. Both still refuse the request.
   */
  const WHOLE_DOCUMENT_CHECKS = new Set(['PATCH /api/moderation/settings', 'POST /api/identity/oauth-sandbox/token']);

  it('refuses unknown fields (isStaff, authorId, role, balance, _id) in every write body with 400', async () => {
    const withBody = routes.filter((route) => WRITE_METHODS.includes(route.method) && jsonBodySchema(route));
    const before = await s.commits();
    const wrong: string[] = [];
    for (const route of withBody) {
      const response = await callerOf(route).request<ErrorBody>(route.method, urlOf(route.path), INTRUDERS);
      const unknown = (response.body.fieldErrors ?? []).filter((error) => error.code === 'validation.unknown_field');
      if (response.status !== 400 || (unknown.length === 0 && !WHOLE_DOCUMENT_CHECKS.has(nameOf(route)))) {
        wrong.push(`${nameOf(route)} → ${response.status} ${response.body.code}`);
      }
    }
    expect(withBody.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
    expect(await s.commits()).toBe(before);
  }, 120_000);

  const OPERATORS: unknown[] = [{ $gt: '' }, { $ne: null }, ['$where'], { $where: 'sleep(1000)' }, { $regex: '.*' }];
  const QUERY_PAYLOADS = ['[$ne]=', '[$gt]=', '[$regex]=.*', '[$where]=1', '=%7B%22%24gt%22%3A%22%22%7D'];

  it('answers operator payloads in every query parameter, path parameter and body field without a 500', async () => {
    const failures: string[] = [];
    let attempts = 0;
    for (const route of routes) {
      const client = callerOf(route);
      const check = async (url: string, body?: unknown) => {
        attempts++;
        const response = await client.request<ErrorBody>(route.method, url, body as Record<string, unknown>);
        if (response.status >= 500)
          failures.push(`${nameOf(route)} ${url} ${JSON.stringify(body)} → ${response.status}`);
        return response;
      };
      const queryNames = (route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of queryNames) {
        for (const payload of QUERY_PAYLOADS) await check(`${urlOf(route.path)}?${name}${payload}`);
      }
      if (route.path.includes('{')) {
        for (const value of ['{"$gt":""}', '[$ne]', '../../etc/passwd', '%00']) {
          await check(urlOf(route.path.replace(/\{([^}]+)\}/g, value)), route.method === 'GET' ? undefined : {});
        }
      }
      const schema = jsonBodySchema(route);
      if (schema && WRITE_METHODS.includes(route.method)) {
        for (const field of Object.keys(schema.properties ?? {})) {
          for (const operator of OPERATORS) {
            const response = await check(urlOf(route.path), { [field]: operator });
            if (response.status < 300) failures.push(`${nameOf(route)} accepted ${field}=${JSON.stringify(operator)}`);
          }
        }
      }
    }
    expect(attempts).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 150_000);

  it('reads an operator sent as text as plain text: it finds what a value matching nothing finds', async () => {
    // Something to find, so that an operator that matched everything would show.
    const forumTag = await s.staff.post<{ tagId: string }>('/api/forum/tags', { name: 'Injection' });
    const qaTag = await s.staff.post<{ tagId: string }>('/api/qa/tags', { name: 'Injection', parentId: null });
    const member = s.t.client.as(memberId);
    expect(
      (
        await member.post('/api/forum/topics', {
          title: 'Findable',
          content: '<p>x</p>',
          tagIds: [forumTag.body.tagId],
        })
      ).status,
    ).toBe(201);
    await eventually(async () =>
      expect(
        (
          await member.post('/api/qa/questions', {
            title: 'Findable question',
            content: '<p>x</p>',
            tagIds: [qaTag.body.tagId],
          })
        ).status,
      ).toBe(201),
    );
    await eventually(async () =>
      expect((await member.get<{ total: number }>('/api/forum/topics')).body.total).toBeGreaterThan(0),
    );
    const shape = (body: unknown) =>
      body && typeof body === 'object' && 'items' in body
        ? { total: (body as { total?: number }).total, items: (body as { items: unknown[] }).items }
        : body;
    const leaks: string[] = [];
    let compared = 0;
    for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
      const client = callerOf(route);
      for (const parameter of (route.operation.parameters ?? []).filter((p) => p.in === 'query')) {
        for (const operator of ['{"$gt":""}', '{"$ne":null}', '{"$regex":".*"}']) {
          const url = `${urlOf(route.path)}?${parameter.name}=`;
          const injected = await client.get(`${url}${encodeURIComponent(operator)}`);
          if (injected.status >= 300) continue;
          const nothing = await client.get(`${url}zzmatchesnothing`);
          compared++;
          if (JSON.stringify(shape(injected.body)) !== JSON.stringify(shape(nothing.body))) {
            leaks.push(`${nameOf(route)} ${parameter.name}=${operator}`);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('never signs anyone in or finds an account with an operator in place of a name or password', async () => {
    await s.member('sec_victim');
    const visitor = s.t.client.anonymous();
    for (const operator of OPERATORS) {
      for (const body of [
        { account: operator, password: operator },
        { account: 'sec_victim', password: operator },
        { method: 'account', account: { $regex: '^sec_' }, password: 'member-password' },
      ]) {
        const login = await visitor.from(`10.30.0.${++address & 255}`).post<ErrorBody>('/api/identity/login', body);
        expect([login.status, login.body.code]).toEqual([400, 'common.validation_failed']);
      }
      const recovery = await visitor
        .from(`10.31.0.${++address & 255}`)
        .post<ErrorBody>('/api/identity/password-recovery/start', { account: operator });
      expect(recovery.status).toBe(400);
    }
    const lookup = await s.t.client
      .as(memberId)
      .get<{ items: unknown[] }>('/api/forum/members/lookup?prefix[$regex]=.*');
    expect(lookup.status).toBe(400);
  });
});

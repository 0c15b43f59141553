import type { ErrorBody } from '@forum/contracts';
import { eventually } from '@forum/testing';
import type { TestClient } from '@forum/testing';
import { RateLimitStorage } from '../../libs/platform/src/http/rate-limit-storage';
import type { ReminderPreferences } from '../../services/messaging/src/reminders/reminders';
import {
  isStaffRoute,
  jsonBodySchema,
  nameOf,
  routesOf,
  startSecurityApp,
  urlOf,
  WRITE_METHODS,
} from './security-harness';
import type { JsonSchema, Route, SecurityApp } from './security-harness';

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
    // Only server-to-server callbacks, a mail client's one-click unsubscribe (signed link) and the sandbox gateways'
    // own pages go without the token.
    expect(exempt.sort()).toEqual([
      'POST /api/identity/oauth-sandbox/authorize',
      'POST /api/identity/oauth-sandbox/token',
      'POST /api/messaging/email/unsubscribe',
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

  /**
   * Finding 4: a body that is not a JSON (or form) object, or comes as another content type, must not pass for an
   * empty update. Each is sent where the route's own body would go, by its own caller.
   */
  const NOT_AN_OBJECT: { name: string; headers: Record<string, string>; payload: string; fieldCode: string }[] = [
    ...['null', '[]', '[{}]', '"x"', '1', 'true'].map((payload) => ({
      name: `JSON ${payload}`,
      headers: {},
      payload,
      fieldCode: 'validation.invalid_type',
    })),
    ...[
      ['text/plain', '{}'],
      ['text/plain; charset=utf-8', 'disabledTypes=10'],
      ['application/xml', '<body/>'],
      ['application/octet-stream', '\u0000\u0001junk'],
      [
        'multipart/form-data; boundary=junk',
        '--junk\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--junk--\r\n',
      ],
      ['multipart/form-data; boundary=junk', 'not multipart at all'],
    ].map(([contentType, payload]: string[]) => ({
      name: contentType!,
      headers: { 'content-type': contentType! },
      payload: payload!,
      fieldCode: 'validation.content_type',
    })),
  ];

  /**
   * These sweeps send a route many bodies in a minute from one member; what they measure is validation, so the
   * rate-limit windows are emptied before each request (tokens-uploads-headers proves the limits).
   */
  const withoutRateLimits = () => s.t.app.get(RateLimitStorage).reset();

  const refusedBodies = async (route: Route, client: TestClient) => {
    const wrong: string[] = [];
    for (const attempt of NOT_AN_OBJECT) {
      await withoutRateLimits();
      const response = await client
        .withHeaders(attempt.headers)
        .request<ErrorBody>(route.method, urlOf(route.path), attempt.payload);
      const fieldCodes = (response.body.fieldErrors ?? []).map((error) => `${error.field} ${error.code}`);
      if (
        response.status !== 400 ||
        response.body.code !== 'common.validation_failed' ||
        fieldCodes.join() !== `(body) ${attempt.fieldCode}`
      ) {
        wrong.push(`${nameOf(route)} ${attempt.name} → ${response.status} ${response.body.code} ${fieldCodes.join()}`);
      }
    }
    return wrong;
  };

  it('refuses null, arrays, scalars and other content types (text, XML, multipart junk) on every JSON write route, changing nothing', async () => {
    const withBody = routes.filter((route) => WRITE_METHODS.includes(route.method) && jsonBodySchema(route));
    const before = await s.commits();
    const wrong: string[] = [];
    for (const route of withBody) wrong.push(...(await refusedBodies(route, callerOf(route))));
    expect(withBody.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
    expect(await s.commits()).toBe(before);
  }, 150_000);

  type TextSchema = JsonSchema & {
    items?: TextSchema;
    anyOf?: TextSchema[];
    oneOf?: TextSchema[];
    properties?: Record<string, TextSchema>;
    additionalProperties?: boolean | TextSchema;
    'x-single-line'?: boolean;
  };
  interface TextField {
    route: Route;
    /** As field errors name it: `specifications.0.name`. */
    path: string[];
    singleLine: boolean;
  }

  /** Every text field of every JSON write body, nested ones and list items included, from the OpenAPI document. */
  const textFields = (): TextField[] => {
    const fields: TextField[] = [];
    const walk = (route: Route, schema: TextSchema | undefined, path: string[]) => {
      if (!schema) return;
      const types = [schema.type].flat();
      if (types.includes('string')) fields.push({ route, path, singleLine: Boolean(schema['x-single-line']) });
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(route, property, [...path, name]);
      if (schema.items) walk(route, schema.items, [...path, '0']);
      for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(route, alternative, path);
      // A record (the settings patch) or a body validated per variant (register, login): any field is text.
      if (path.length === 0 && typeof schema.additionalProperties === 'object') {
        fields.push({ route, path: ['anyField'], singleLine: false });
      }
    };
    for (const route of routes.filter((candidate) => WRITE_METHODS.includes(candidate.method))) {
      walk(route, (jsonBodySchema(route) as TextSchema | null) ?? undefined, []);
    }
    const seen = new Set<string>();
    return fields.filter((field) => {
      const key = `${nameOf(field.route)} ${field.path.join('.')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };

  /** `{ specifications: [{ name: value }] }` for `specifications.0.name`. */
  const bodyWith = (path: string[], value: unknown): Record<string, unknown> => {
    let body: unknown = value;
    for (let index = path.length - 1; index >= 0; index--) {
      body = path[index] === '0' && index > 0 ? [body] : { [path[index]!]: body };
    }
    return body as Record<string, unknown>;
  };

  const refusesCharacter = async (client: TestClient, route: Route, path: string[], text: string, extra = {}) => {
    await withoutRateLimits();
    const response = await client.request<ErrorBody>(route.method, urlOf(route.path), {
      ...extra,
      ...bodyWith(path, text),
    });
    const field = path.join('.');
    return (
      response.status === 400 &&
      response.body.code === 'common.validation_failed' &&
      (response.body.fieldErrors ?? []).some(
        (error) => error.field === field && error.code === 'validation.control_character',
      )
    );
  };

  /** Finding 5: NUL, the other C0 controls but TAB/LF/CR, DEL, C1 controls and lone surrogates (docs/architecture.md). */
  const FORBIDDEN = [
    '\u0000',
    '\u0001',
    '\u0007',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009b',
    '\ud800',
  ];

  it('refuses NUL and other control characters in every text field of every JSON write body, naming the field', async () => {
    const fields = textFields();
    const before = await s.commits();
    const accepted: string[] = [];
    let index = 0;
    for (const { route, path } of fields) {
      // NUL everywhere, and one more of the others in turn, inside otherwise ordinary text.
      for (const character of ['\u0000', FORBIDDEN[index++ % FORBIDDEN.length]!]) {
        if (!(await refusesCharacter(callerOf(route), route, path, `ab${character}cd`))) {
          accepted.push(`${nameOf(route)} ${path.join('.')} U+${character.charCodeAt(0).toString(16)}`);
        }
      }
    }
    const names = fields.map(({ route, path }) => `${nameOf(route)} ${path.join('.')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'PATCH /api/identity/me nickname',
        'POST /api/identity/staff/accounts nickname',
        'POST /api/forum/topics title',
        'POST /api/forum/topics content',
        'POST /api/forum/tags name',
        'POST /api/messaging/messages content',
        'POST /api/wallet/staff/membership-cards specifications.0.name',
        'POST /api/wallet/staff/membership-cards descriptionTags.0',
        'PATCH /api/moderation/settings anyField',
        'POST /api/identity/register anyField',
      ]),
    );
    expect(fields.length).toBeGreaterThan(120);
    expect(accepted).toEqual([]);

    // The same rule for a form body (as the member site sends), a nickname at registration, and a query string.
    const member = s.t.client.as(memberId).from('10.40.0.1');
    const me = routes.find((route) => nameOf(route) === 'PATCH /api/identity/me')!;
    expect(await refusesCharacter(member.asForm(), me, ['nickname'], 'Ann\u0000')).toBe(true);
    const register = routes.find((route) => nameOf(route) === 'POST /api/identity/register')!;
    expect(
      await refusesCharacter(s.t.client.anonymous().from('10.40.0.2'), register, ['nickname'], 'Ann\u0000', {
        method: 'account',
        account: 'sec_nul_nick',
      }),
    ).toBe(true);
    const lookup = await member.get<ErrorBody>('/api/forum/members/lookup?prefix=a%00b');
    expect([lookup.status, lookup.body.fieldErrors?.[0]?.code]).toEqual([400, 'validation.control_character']);
    expect(await s.commits()).toBe(before);
  }, 180_000);

  it('refuses line breaks, tabs and bidi overrides in every single-line field (names, nicknames, titles)', async () => {
    const singleLine = textFields().filter((field) => field.singleLine);
    const before = await s.commits();
    const accepted: string[] = [];
    for (const { route, path } of singleLine) {
      for (const character of ['\n', '\r', '\t', '\u2028', '\u202e', '\u2066']) {
        if (!(await refusesCharacter(callerOf(route), route, path, `abcd${character}efgh`))) {
          accepted.push(`${nameOf(route)} ${path.join('.')} U+${character.charCodeAt(0).toString(16)}`);
        }
      }
    }
    const names = singleLine.map(({ route, path }) => `${nameOf(route)} ${path.join('.')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'PATCH /api/identity/me nickname',
        'POST /api/identity/staff/accounts nickname',
        'POST /api/forum/tags name',
        'POST /api/qa/questions title',
        'POST /api/identity/roles name',
      ]),
    );
    expect(accepted).toEqual([]);
    const register = routes.find((route) => nameOf(route) === 'POST /api/identity/register')!;
    expect(
      await refusesCharacter(s.t.client.anonymous().from('10.40.0.3'), register, ['nickname'], 'Ann\u202Egnp.exe', {
        method: 'account',
        account: 'sec_bidi_nick',
      }),
    ).toBe(true);
    expect(await s.commits()).toBe(before);
  }, 150_000);

  it("keeps a member's disabled reminder types when a preferences PUT comes as null, a list, a scalar or another content type", async () => {
    const member = s.t.client.as(memberId).from('10.41.0.1');
    const route = routes.find((candidate) => nameOf(candidate) === 'PUT /api/messaging/reminder-preferences')!;
    const disabled = async () =>
      (await member.get<ReminderPreferences>('/api/messaging/reminder-preferences')).body.types
        .filter((type) => !type.enabled)
        .map((type) => type.type);
    const set = await member.request<ReminderPreferences>('PUT', '/api/messaging/reminder-preferences', {
      disabledTypes: [10, 20],
    });
    expect(set.status).toBe(200);
    expect(await disabled()).toEqual([10, 20]);
    expect(await refusedBodies(route, member)).toEqual([]);
    expect(await disabled()).toEqual([10, 20]);
  });

  it('still takes rich, multi-line HTML content (the sanitizer handles the markup)', async () => {
    const tag = await s.staff.post<{ tagId: string }>('/api/forum/tags', { name: 'Multiline' });
    const posted = await s.t.client
      .as(memberId)
      .from('10.41.0.2')
      .post<{ topicId: string }>('/api/forum/topics', {
        title: 'Two paragraphs',
        content: '<p>line one</p>\r\n\t<p>line <b>two</b> 😀 עברית \u202Bx\u202C</p>\n<pre>\tcode</pre>',
        tagIds: [tag.body.tagId],
      });
    expect(posted.status).toBe(201);
  });

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

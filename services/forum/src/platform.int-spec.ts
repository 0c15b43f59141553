import { eventually, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { ForumModule } from './forum.module';
import { testTag } from './tags/tag.fixture';

describe('platform endpoints of a running service', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Identity too: the dashboard's figures need a staff permission (`dashboard.read`), which identity grants.
    t = await startTestApp(['identity', ForumModule]);
  }, 120_000);
  afterAll(() => t.close());

  it('documents every API route in the OpenAPI document', async () => {
    const document = await t.client.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    expect(document.status).toBe(200);
    const documented = new Set(
      Object.entries(document.body.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    // Peer commands are service-to-service (PEER_URLS), not the public API: left out of the document on purpose,
    // and nginx refuses them from outside.
    const apiRoutes = t.routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.url !== '/api/:context/peer/:command')
      // A trailing wildcard (`GET /api/files/*`) is documented as `{path}`.
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`);
    expect(apiRoutes.length).toBeGreaterThan(3);
    expect(apiRoutes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('is live and ready once MongoDB, Kafka and the relay answer', async () => {
    expect((await t.client.get('/api/health')).body).toMatchObject({ status: 'ok' });
    const ready = await t.client.get<{ ready: boolean; checks: Record<string, string> }>('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ mongodb: 'ok', 'forum.outbox': 'ok' });
  });

  it('exposes Prometheus metrics, including request latency and the outbox backlog', async () => {
    await t.client.get('/api/forum/topics');
    const metrics = await t.client.get<string>('/api/metrics');
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('outbox_backlog_commits');
  });

  it('hands out the CSRF cookie and answers unknown routes with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'common.route_not_found' });
    expect(String(response.headers['set-cookie'])).toMatch(/cms_token=[\w-]{20,}/);
  });

  it("shows staff, and only staff, the pipeline status and the day's topic count", async () => {
    const staff = t.client.as(
      await staffAccount(t.app, 'dashboard_admin', {
        contexts: ['identity', ForumModule],
        permission: 'dashboard.read',
      }),
      'staff',
    );
    const tagIds = [await testTag(t.client)];
    expect((await staff.post('/api/forum/topics', { title: 'Counted today', content: 'x', tagIds })).status).toBe(201);
    const status = await staff.get<{ outboxBacklog: number; projectorLag: number; groups: unknown[] }>(
      '/api/ops/status',
    );
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ outboxBacklog: expect.any(Number), projectorLag: expect.any(Number) });
    await eventually(async () => {
      const stats = await staff.get<{ topicsToday: number; topicsTotal: number }>('/api/forum/stats');
      expect(stats.body.topicsToday).toBeGreaterThanOrEqual(1);
      expect(stats.body.topicsTotal).toBeGreaterThanOrEqual(1);
    });
    for (const url of ['/api/ops/status', '/api/forum/stats']) {
      expect((await t.client.as('member-1').get(url)).status).toBe(403);
      expect((await t.client.as('staff-without-roles', 'staff').get(url)).status).toBe(403);
      expect((await t.client.anonymous().get(url)).status).toBe(401);
    }
  });
});

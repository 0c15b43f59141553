import type { ErrorBody } from '@forum/contracts';
import { sharedEnv, startTestApp, uniqueName } from '@forum/testing';
import type { TestApp, TestClient, TestResponse } from '@forum/testing';

/**
 * Two replicas of one service on one database (ADR 0050): a member's write limit holds in total, whichever replica
 * each request reaches, sequentially and under a burst; a route's own `@RateLimit` rule too; reads stay unlimited.
 * With counts kept in each process (before ADR 0050) every replica allowed the whole limit: 2 × 10 here.
 */
const LIMIT = 10;
const env = { RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT), RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000' };

/** The windows are whole minutes: a test that straddles a minute's end would see two windows' worth. */
async function awayFromWindowEnd(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
}

describe('write rate limits across two replicas sharing a database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp(['identity', 'forum'], { env });
    b = await startTestApp(['identity', 'forum'], { env: { ...env, ...sharedEnv(a.config), RUN_WORKERS: 'false' } });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  beforeEach(awayFromWindowEnd);

  /** A member's write with the default limit (no `@RateLimit` of its own): discarding a draft (none there: 204). */
  const discard = (client: TestClient) => client.request<ErrorBody>('DELETE', '/api/forum/drafts/topic%3Anew');
  const refused = (responses: TestResponse<ErrorBody>[]) => responses.filter((response) => response.status === 429);
  const allowed = (responses: TestResponse<ErrorBody>[]) => responses.filter((response) => response.status !== 429);

  it('allows a member the limit once in total when the writes alternate between the replicas', async () => {
    const member = uniqueName('m_');
    const responses: TestResponse<ErrorBody>[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) responses.push(await discard((i % 2 ? b : a).client.as(member)));

    expect(responses.map((response) => response.status)).toEqual([
      ...Array<number>(LIMIT).fill(204),
      ...Array<number>(LIMIT).fill(429),
    ]);
    const last = responses.at(-1)!;
    expect([last.body.code, last.body.message]).toEqual([
      'common.rate_limited',
      'Too many requests. Please wait a moment and try again.',
    ]);
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same answer in Chinese, from either replica.
    const zh = await discard(a.client.as(member).inLanguage('zh-CN'));
    expect([zh.status, zh.body.code, zh.body.message]).toEqual([
      429,
      'common.rate_limited',
      '请求过于频繁，请稍后再试。',
    ]);

    // Another member is not affected; reads are not limited.
    expect((await discard(b.client.as(uniqueName('m_')))).status).toBe(204);
    const reads = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) => (i % 2 ? b : a).client.as(member).get('/api/forum/drafts')),
    );
    expect(reads.map((read) => read.status)).toEqual(Array<number>(2 * LIMIT).fill(200));
  });

  it('lets exactly the limit through a burst of 50 concurrent writes spread over both replicas', async () => {
    const member = uniqueName('m_');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => discard((i % 2 ? b : a).client.as(member))),
    );
    expect(allowed(responses).map((response) => response.status)).toEqual(Array<number>(LIMIT).fill(204));
    expect(refused(responses)).toHaveLength(50 - LIMIT);
  });

  it("holds a route's own per-address rule in total too (registration: 5 a minute)", async () => {
    const address = `10.60.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b : a).client.anonymous().from(address).post<ErrorBody>('/api/identity/register', {}),
      ),
    );
    expect(allowed(responses)).toHaveLength(5);
    expect(refused(responses).map((response) => response.body.code)).toEqual(
      Array<string>(7).fill('common.rate_limited'),
    );
  });
});

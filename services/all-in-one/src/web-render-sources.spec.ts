import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpVisitorApi } from './web-render-sources';

/**
 * The distributed mode's renderer reads each context directly as the visitor (ADR 49): the path picks the context,
 * the visitor's address goes in `X-Forwarded-For` (their read counts and rate limits, not the renderer's), and a
 * replica that refuses connections is skipped.
 */
describe('HttpVisitorApi', () => {
  const servers: Server[] = [];
  const seen: { name: string; url: string; headers: IncomingHttpHeaders }[] = [];

  async function stub(name: string): Promise<string> {
    const server = createServer((request, response) => {
      seen.push({ name, url: request.url ?? '', headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ from: name }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** An address nothing listens on (a replica that is down). */
  async function refused(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  afterEach(async () => {
    seen.length = 0;
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const visitor = { ip: '203.0.113.7', language: 'en' };
  const body = (answer: { body: Buffer }) => JSON.parse(answer.body.toString('utf8')) as { from: string };

  it('sends /api/<context>/… to that context and the root paths to their owners, as the visitor', async () => {
    const api = HttpVisitorApi.fromEnvironment({
      RENDER_API_URLS: `forum=${await stub('forum')},moderation=${await stub('moderation')}`,
      RENDER_ROOT_ROUTES: '/baseInfo=moderation',
    });
    const topic = await api.get('/api/forum/topics/abc?page=2', visitor);
    expect(topic.status).toBe(200);
    expect(body(topic).from).toBe('forum');
    expect(body(await api.get('/baseInfo', visitor)).from).toBe('moderation');
    expect(seen.map((s) => `${s.name} ${s.url}`)).toEqual([
      'forum /api/forum/topics/abc?page=2',
      'moderation /baseInfo',
    ]);
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(seen[0]!.headers['accept-language']).toBe('en');
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers.authorization).toBeUndefined();
    // A path no context answers is the API's 404, asked of no one.
    expect((await api.get('/api/nosuch/x', visitor)).status).toBe(404);
    expect((await api.get('/refreshToken', visitor)).status).toBe(404);
    expect(seen).toHaveLength(2);
  });

  it('takes the replicas in turn and skips one that refuses connections', async () => {
    const api = HttpVisitorApi.fromEnvironment({
      RENDER_API_URLS: `forum=${await stub('forum-1')}|${await refused()}|${await stub('forum-3')}`,
    });
    const from = [];
    for (let i = 0; i < 6; i++) from.push(body(await api.get('/api/forum/topics', visitor)).from);
    expect(from.filter((name) => name === 'forum-1').length).toBeGreaterThanOrEqual(2);
    expect(from.filter((name) => name === 'forum-3').length).toBeGreaterThanOrEqual(2);
    expect(from).toHaveLength(6);
  });

  it("answers one page's reads from one replica of each context, and another page's possibly from another", async () => {
    const api = HttpVisitorApi.fromEnvironment({
      RENDER_API_URLS: `forum=${await stub('forum-1')}|${await stub('forum-2')}`,
    });
    const pages = ['/thread?topicId=a', '/thread?topicId=b', '/thread?topicId=c', '/', '/askList', '/help'];
    const replicaOf = new Map<string, Set<string>>();
    for (let round = 0; round < 3; round++)
      for (const page of pages)
        for (const url of ['/api/forum/topics/x', '/api/forum/topics/x/comments']) {
          const from = body(await api.get(url, { ...visitor, page })).from;
          replicaOf.set(page, (replicaOf.get(page) ?? new Set()).add(from));
        }
    for (const [page, replicas] of replicaOf) expect([page, replicas.size]).toEqual([page, 1]);
    expect(new Set([...replicaOf.values()].flatMap((replicas) => [...replicas])).size).toBe(2);
  });

  it('answers 503 when every replica of the context is down (the page then goes out unrendered)', async () => {
    const api = HttpVisitorApi.fromEnvironment({ RENDER_API_URLS: `forum=${await refused()}` });
    expect((await api.get('/api/forum/topics', visitor)).status).toBe(503);
  });

  it('refuses a configuration naming a context it has no address for', () => {
    expect(() => HttpVisitorApi.fromEnvironment({})).toThrow(/RENDER_API_URLS/);
    expect(() =>
      HttpVisitorApi.fromEnvironment({ RENDER_API_URLS: 'forum=http://x', RENDER_ROOT_ROUTES: '/baseInfo=moderation' }),
    ).toThrow(/moderation/);
  });
});

import { BALANCE_MODULES, newId, POINTS_MODULES } from '@forum/contracts';
import { Ledger } from '../../../wallet/src/ledger/ledger';
import { WalletModule } from '../../../wallet/src/wallet.module';
import { ForumFixture, startForum } from './topics.fixture';

/**
 * DOMAIN §4: the server never sends a locked block's content to a reader who has not unlocked it. A topic holds
 * one block of each type, each with a unique marker; EVERY GET route of the application (enumerated from its
 * OpenAPI document, not a hand list) is called with the topic's id in every path parameter (the author's id in
 * member parameters), as a visitor and as a member who unlocked nothing: no marker anywhere. After the member
 * unlocks the password block, that block's marker (and only it) appears; after paying for the points block, then
 * the balance block, each paid marker appears only once it is paid.
 */
const MARKERS = {
  10: 'MARK-PASSWORD-7f3a',
  20: 'MARK-COMMENT-91c2',
  30: 'MARK-GRADE-4be8',
  40: 'MARK-POINTS-0d5e',
  50: 'MARK-BALANCE-e61f',
};
const PASSWORD = 'open-sesame-42';

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; default?: unknown };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

describe('hidden content never leaks through any GET route', () => {
  let f: ForumFixture;
  let author: string;
  let reader: string;
  let topicId: string;
  let routes: string[];

  beforeAll(async () => {
    // The wallet hosts the paid types' payments; the read-your-writes wait only bounds an answer (busy machines).
    f = await startForum([WalletModule]);
    author = await f.member('leak_author');
    reader = await f.member('leak_reader');
    const tag = await f.tag('Leak test');
    const content =
      `<p>Public intro</p>` +
      `<hide type="10" value="${PASSWORD}"><p>${MARKERS[10]}</p></hide>` +
      `<hide type="20"><p>${MARKERS[20]}</p></hide>` +
      `<hide type="30" value="500"><p>${MARKERS[30]}</p></hide>` +
      `<hide type="40" value="30"><p>${MARKERS[40]}</p></hide>` +
      `<hide type="50" value="199"><p>${MARKERS[50]}</p></hide>`;
    topicId = await f.post(author, { title: 'A topic with every kind of hidden block', content, tagIds: [tag] });

    const document = (await f.t.client.get<OpenApiDocument>('/api/docs/json')).body;
    routes = Object.entries(document.paths).flatMap(([path, operations]) => {
      const get = operations.get;
      if (!get) return [];
      // Member-ish parameters get the author (whose feeds show the topic), every other one the topic id.
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        /member|user|author/i.test(name) ? author : topicId,
      );
      const query = (get.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => {
          const value =
            parameter.schema?.enum?.[0] ??
            (parameter.schema?.type === 'integer' || parameter.schema?.type === 'number'
              ? 1
              : /id$/i.test(parameter.name)
                ? topicId
                : 'x');
          return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}`;
        });
      return [query.length ? `${url}?${query.join('&')}` : url];
    });
  });
  afterAll(() => f.t.close());

  async function responses(who: 'visitor' | 'reader'): Promise<Map<string, string>> {
    const client = who === 'visitor' ? f.t.client.anonymous() : f.t.client.as(reader);
    const bodies = new Map<string, string>();
    for (const route of routes) {
      if (route.startsWith('/api/docs')) continue;
      const response = await client.get<unknown>(route);
      bodies.set(
        `${route} → ${response.status}`,
        typeof response.body === 'string' ? response.body : JSON.stringify(response.body),
      );
    }
    return bodies;
  }

  function leaks(bodies: Map<string, string>, markers: string[]): string[] {
    return [...bodies].flatMap(([route, body]) =>
      markers.filter((marker) => body.includes(marker)).map((marker) => `${marker} in ${route}`),
    );
  }

  it('enumerates the forum topic routes from the OpenAPI document', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/forum/topics',
        `/api/forum/topics/${topicId}`,
        `/api/forum/topics/${topicId}/similar`,
        '/api/forum/me/topics',
      ]),
    );
    expect(routes.length).toBeGreaterThan(10);
  });

  it('the author sees every block (the markers are really there)', async () => {
    const detail = await f.t.client.as(author).get<{ content: string }>(`/api/forum/topics/${topicId}`);
    for (const marker of Object.values(MARKERS)) expect(detail.body.content).toContain(marker);
  });

  it('sends no marker and no password to a visitor or to a member who unlocked nothing', async () => {
    const all = [...Object.values(MARKERS), PASSWORD];
    const visitor = await responses('visitor');
    const member = await responses('reader');
    expect(leaks(visitor, all)).toEqual([]);
    expect(leaks(member, all)).toEqual([]);
    // The routes that show the topic really answered (a leak test where everything fails proves nothing).
    for (const shown of [`/api/forum/topics/${topicId}`, '/api/forum/topics', `/api/forum/topics/${topicId}/similar`]) {
      expect([...member.keys()]).toContain(`${shown} → 200`);
      expect([...visitor.keys()]).toContain(`${shown} → 200`);
    }
    expect([...member.keys()]).toContain('/api/forum/me/topics → 200');
    expect([...member.values()].some((body) => body.includes('Public intro'))).toBe(true);
  });

  it('after unlocking the password block, shows that block only', async () => {
    const unlocked = await f.t.client
      .as(reader)
      .post(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: PASSWORD });
    expect(unlocked.status).toBe(200);
    const bodies = await responses('reader');
    expect(leaks(bodies, [MARKERS[20], MARKERS[30], MARKERS[40], MARKERS[50], PASSWORD])).toEqual([]);
    expect(leaks(bodies, [MARKERS[10]])).toContain(`${MARKERS[10]} in /api/forum/topics/${topicId} → 200`);
    expect(leaks(await responses('visitor'), Object.values(MARKERS))).toEqual([]);
  });

  it('shows a paid block only once its type is paid for', async () => {
    const meta = { actor: { kind: 'system' as const, id: null }, now: new Date(), correlationId: newId() };
    const funds = { walletId: reader, remark: 'leak test', now: new Date(), operationId: newId() };
    const ledger = f.t.app.get(Ledger);
    await ledger.record({ ...funds, type: 'CreditPoints', module: POINTS_MODULES.staffAdjustment, amount: 30 }, meta);
    await ledger.record(
      { ...funds, operationId: newId(), type: 'Credit', module: BALANCE_MODULES.staffAdjustment, amount: 199 },
      meta,
    );
    const points = await f.t.client.as(reader).post(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 30 });
    expect(points.status).toBe(200);
    const afterPoints = await responses('reader');
    expect(leaks(afterPoints, [MARKERS[20], MARKERS[30], MARKERS[50], PASSWORD])).toEqual([]);
    expect(leaks(afterPoints, [MARKERS[40]])).toContain(`${MARKERS[40]} in /api/forum/topics/${topicId} → 200`);

    const balance = await f.t.client.as(reader).post(`/api/forum/topics/${topicId}/unlock`, { type: 50, price: 199 });
    expect(balance.status).toBe(200);
    const afterBalance = await responses('reader');
    expect(leaks(afterBalance, [MARKERS[20], MARKERS[30], PASSWORD])).toEqual([]);
    expect(leaks(afterBalance, [MARKERS[50]])).toContain(`${MARKERS[50]} in /api/forum/topics/${topicId} → 200`);
    expect(leaks(await responses('visitor'), Object.values(MARKERS))).toEqual([]);
  });
});

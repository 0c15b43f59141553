import { newId, streamId } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { creditWallet, eventually, ForumFixture, startForum } from '@forum/testing';
import { ForumModule } from '../forum.module';
import { TopicSources } from '../unlocks/topic-source';
import { topicDecider } from './topic.decider';

/**
 * docs/rules/forum.md (hidden content): the server never sends a locked block's content to a reader who has not unlocked it. A topic holds
 * one block of each type, each with a unique marker; EVERY GET route of the application (enumerated from its
 * OpenAPI document, not a hand list) is called with the topic's id in every path parameter (the author's id in
 * member parameters), as a visitor and as a member who unlocked nothing: no marker anywhere. After the member
 * unlocks the password block, that block's marker (and only it) appears; after paying for the points block, then
 * the balance block, each paid marker appears only once it is paid.
 *
 * Author edits after unlock (ADR 0025): for every hide type a reader opens one block on its own terms, then the
 * author inserts blocks of every type before it, reorders, changes its type, deletes it and puts a block back with
 * its old id; the detail a reader receives shows exactly the block they opened (whatever its new content, password
 * or price) and the blocks whose condition they meet now (comment, grade), never a block that took its place.
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
    f = await startForum(['wallet']);
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
        // Edit history (ADR 0032): every version of the topic, redacted as the current one.
        `/api/forum/topics/${topicId}/revisions`,
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
    for (const shown of [
      `/api/forum/topics/${topicId}`,
      '/api/forum/topics',
      `/api/forum/topics/${topicId}/similar`,
      `/api/forum/members/${author}/topics`,
      `/api/forum/topics/${topicId}/revisions`,
    ]) {
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
    await creditWallet(f.t, reader, { points: 30, fen: 199, remark: 'leak test' });
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

  describe('author edits after unlock: an unlock opens the block it opened, wherever the author moves it', () => {
    type Hide = 10 | 20 | 30 | 40 | 50;
    const hide = (type: Hide, marker: string, value = '', id?: string) =>
      `<hide type="${type}"${value ? ` value="${value}"` : ''}${id ? ` data-block-id="${id}"` : ''}><p>${marker}</p></hide>`;
    /** The opened block's value at posting, and what the author changes it to (a condition's stays met). */
    const VALUE: Record<Hide, [string, string]> = {
      10: ['pw-first-1', 'pw-changed-2'],
      20: ['', ''],
      30: ['100', '100'],
      40: ['7', '8'],
      50: ['150', '160'],
    };
    /** The type the opened block is changed to: one whose terms this reader has not met. */
    const RETYPE: Record<Hide, [Hide, string]> = {
      10: [50, '120'],
      20: [40, '6'],
      30: [10, 'pw-retyped'],
      40: [50, '130'],
      50: [40, '9'],
    };
    const NEW_PASSWORD = 'pw-new-block-3';
    /** Blocks the author inserts before the opened one: none opens for the reader but by its own condition. */
    const inserted =
      hide(50, 'NEW-BALANCE', '199') +
      hide(10, 'NEW-PASSWORD', NEW_PASSWORD) +
      hide(40, 'NEW-POINTS', '9') +
      hide(30, 'NEW-GRADE', '999999') +
      hide(20, 'NEW-COMMENT');
    const NEW_MARKERS = ['NEW-BALANCE', 'NEW-PASSWORD', 'NEW-POINTS', 'NEW-GRADE', 'NEW-COMMENT'];
    const SECRETS = ['pw-first-1', 'pw-changed-2', 'pw-retyped', NEW_PASSWORD];
    let tagId: string;

    beforeAll(async () => {
      tagId = await f.tag('Edit after unlock');
    });

    async function fund(member: string, kind: 'points' | 'balance', amount: number) {
      await creditWallet(f.t, member, { [kind === 'points' ? 'points' : 'fen']: amount, remark: 'edit leak test' });
    }

    async function detail(member: string | null, topicId: string) {
      const client = member ? f.t.client.as(member) : f.t.client.anonymous();
      const response = await client.get<{
        content: string;
        hiddenBlocks: { id: string; type: number; unlocked: boolean }[];
      }>(`/api/forum/topics/${topicId}`);
      expect(response.status).toBe(200);
      return response.body;
    }

    async function edit(topicId: string, content: string) {
      const response = await f.t.client
        .as(author)
        .request<{ visible: boolean }>('PATCH', `/api/forum/topics/${topicId}`, {
          title: 'Edited after unlock',
          content: `<p>Public intro</p>${content}`,
          tagIds: [tagId],
        });
      expect(response.status).toBe(200);
      expect(response.body.visible).toBe(true);
    }

    /** What the reader receives: exactly `shown` of the markers, never a password. */
    async function expectReader(reader: string, topicId: string, shown: string[]) {
      const all = ['OPENED', 'OPENED-EDITED', 'RETYPED', 'PUT-BACK', ...NEW_MARKERS];
      const { content } = await detail(reader, topicId);
      const visible = all.filter((marker) => new RegExp(`<p>${marker}</p>`).test(content));
      expect(visible.sort()).toEqual([...shown].sort());
      for (const secret of SECRETS) expect(content).not.toContain(secret);
      const visitor = (await detail(null, topicId)).content;
      expect(all.filter((marker) => visitor.includes(`<p>${marker}</p>`))).toEqual([]);
    }

    /** The reader meets the block's terms: the password, a comment, the points, a payment. */
    async function open(type: Hide, reader: string, topicId: string) {
      const unlock = (body: Record<string, unknown>) =>
        f.t.client.as(reader).post(`/api/forum/topics/${topicId}/unlock`, body);
      switch (type) {
        case 10:
          expect((await unlock({ type: 10, password: VALUE[10][0] })).status).toBe(200);
          break;
        case 20: {
          const comment = await f.t.client
            .as(reader)
            .post(`/api/forum/topics/${topicId}/comments`, { content: '<p>Thanks!</p>' });
          expect(comment.status).toBe(201);
          break;
        }
        case 30:
          await f.t
            .db('forum')
            .collection<{ _id: string; points: number }>('member_points')
            .insertOne({ _id: reader, points: 150 });
          break;
        case 40:
          await fund(reader, 'points', 7);
          expect((await unlock({ type: 40, price: 7 })).status).toBe(200);
          break;
        case 50:
          await fund(reader, 'balance', 150);
          expect((await unlock({ type: 50, price: 150 })).status).toBe(200);
          break;
      }
      await eventually(async () => expect((await detail(reader, topicId)).content).toContain('<p>OPENED</p>'));
    }

    it('an unlock recorded by position before block ids keeps its block through the first edits', async () => {
      const reader = await f.member('legacy_reader');
      const topicId = await f.post(author, { title: 'Old topic', content: '<p>Public intro</p>', tagIds: [tagId] });
      // Content and an unlock as stored before stable ids: blocks without ids, an unlock naming position 0.
      const store = (f.t.app.select(ForumModule).get(TopicSources) as unknown as { store: EventStore }).store;
      const legacy = hide(10, 'LEGACY-PW', 'legacy-pw') + hide(40, 'LEGACY-POINTS', '5');
      const editedAt = new Date();
      await store.handle(
        topicDecider,
        streamId('topic', topicId),
        {
          type: 'EditTopic',
          topicId,
          by: author,
          byStaff: false,
          title: 'Old topic',
          content: `<p>Public intro</p>${legacy}`,
          tagIds: [tagId],
          mentions: [],
          now: editedAt,
        },
        { actor: { kind: 'member', id: author }, now: editedAt, correlationId: newId() },
      );
      await eventually(async () => expect((await detail(author, topicId)).content).toContain('LEGACY-POINTS'));
      const at = new Date(editedAt.getTime() + 1000).toISOString();
      await f.t
        .db('forum')
        .collection<{ _id: string }>('topic_unlocks')
        .insertOne({
          _id: `${topicId}:${reader}`,
          topicId,
          memberId: reader,
          authorId: author,
          types: [10],
          blockIndexes: [0],
          records: [{ type: 10, blockIndexes: [0], pricePaid: null, at }],
        } as never);
      const seen = async () => {
        const { content } = await detail(reader, topicId);
        return ['LEGACY-PW', 'LEGACY-POINTS', 'NEW-FIRST'].filter((marker) => content.includes(`<p>${marker}</p>`));
      };
      expect(await seen()).toEqual(['LEGACY-PW']);

      // The author's form gets the blocks' legacy names and sends them back; a paid block goes first.
      const stored = (await detail(author, topicId)).content;
      const blocks = stored.match(/<hide\b[\s\S]*?<\/hide>/g)!;
      expect(blocks.every((block) => / data-block-id="l\d+-\d+"/.test(block))).toBe(true);
      await edit(topicId, hide(50, 'NEW-FIRST', '199') + blocks.join(''));
      expect(await seen()).toEqual(['LEGACY-PW']);
      await edit(topicId, [...blocks].reverse().join('') + hide(50, 'NEW-FIRST', '199'));
      expect(await seen()).toEqual(['LEGACY-PW']);
    });

    it.each([10, 20, 30, 40, 50] as Hide[])(
      'type %i: insert, reorder, change type, delete and put back after the reader opened a block',
      async (type) => {
        const reader = await f.member(`edit_reader_${type}`);
        const [value, newValue] = VALUE[type];
        const topicId = await f.post(author, {
          title: 'Edited after unlock',
          content: `<p>Public intro</p>${hide(type, 'OPENED', value)}`,
          tagIds: [tagId],
        });
        await open(type, reader, topicId);
        const authorView = await detail(author, topicId);
        const openedId = authorView.hiddenBlocks[0]!.id;
        expect(authorView.content).toContain(`data-block-id="${openedId}"`);
        // The conditions this reader meets now: a comment opens every comment block, points every grade ≤ them.
        const byCondition = type === 20 ? ['NEW-COMMENT'] : [];

        // Insert: a block of every type goes where the opened one was; the opened one gets new content and value.
        await edit(topicId, inserted + hide(type, 'OPENED-EDITED', newValue, openedId));
        await expectReader(reader, topicId, ['OPENED-EDITED', ...byCondition]);
        const reordered = await detail(reader, topicId);
        expect(reordered.hiddenBlocks.filter((block) => block.unlocked).map((block) => block.id)).toEqual(
          type === 20
            ? reordered.hiddenBlocks.filter((block) => block.type === 20).map((block) => block.id)
            : [openedId],
        );

        // Reorder: the opened block first again, the inserted ones reversed after it.
        const insertedIds = (await detail(author, topicId)).content.match(/data-block-id="[^"]+"/g)!;
        expect(insertedIds).toHaveLength(6);
        const authorBlocks = (await detail(author, topicId)).content.match(/<hide\b[\s\S]*?<\/hide>/g)!;
        const openedBlock = authorBlocks.find((block) => block.includes('OPENED-EDITED'))!;
        const others = authorBlocks.filter((block) => block !== openedBlock).reverse();
        await edit(topicId, openedBlock + others.join(''));
        await expectReader(reader, topicId, ['OPENED-EDITED', ...byCondition]);

        // Change type: the same id sent back on a block of another type is another block (a fresh id).
        const [retype, retypeValue] = RETYPE[type];
        await edit(topicId, hide(retype, 'RETYPED', retypeValue, openedId) + others.join(''));
        await expectReader(reader, topicId, byCondition);
        expect((await detail(author, topicId)).content).not.toContain(openedId);

        // Delete: the opened block is gone; nothing else opens in its place.
        await edit(topicId, others.join(''));
        await expectReader(reader, topicId, byCondition);

        // Put back with the old id: the topic no longer has that id, so it is a new block (a condition may open it).
        await edit(topicId, hide(type, 'PUT-BACK', value, openedId) + others.join(''));
        const putBackOpens = type === 20 || type === 30;
        await expectReader(reader, topicId, [...(putBackOpens ? ['PUT-BACK'] : []), ...byCondition]);
        expect((await detail(author, topicId)).content).not.toContain(openedId);

        // A block added later opens on its own terms: a password block with its own password; a paid type is bought
        // once per reader (ADR 0019), so a paid block added after the purchase stays locked (ADR 0025).
        if (type === 10) {
          const again = await f.t.client
            .as(reader)
            .post(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: NEW_PASSWORD });
          expect(again.status).toBe(200);
          await expectReader(reader, topicId, ['NEW-PASSWORD']);
        }
        if (type === 40) {
          const again = await f.t.client
            .as(reader)
            .post<{ code: string }>(`/api/forum/topics/${topicId}/unlock`, { type: 40, price: 9 });
          expect([again.status, again.body.code]).toEqual([409, 'forum.already_unlocked']);
          await expectReader(reader, topicId, []);
        }
      },
    );
  });

  describe('edit history: every version of an edited topic is redacted as the current one (ADR 0032)', () => {
    type Hide = 10 | 20 | 30 | 40 | 50;
    const TYPES: Hide[] = [10, 20, 30, 40, 50];
    const V1: Record<Hide, string> = {
      10: 'H1-PASSWORD-a1',
      20: 'H1-COMMENT-b2',
      30: 'H1-GRADE-c3',
      40: 'H1-POINTS-d4',
      50: 'H1-BALANCE-e5',
    };
    const V2: Record<Hide, string> = {
      10: 'H2-PASSWORD-f6',
      20: 'H2-COMMENT-a7',
      30: 'H2-GRADE-b8',
      40: 'H2-POINTS-c9',
      50: 'H2-BALANCE-d0',
    };
    /** The grade block's threshold is raised by the edit: a reader between the two sees it in no version. */
    const VALUES1: Record<Hide, string> = { 10: 'hist-pw-one', 20: '', 30: '100', 40: '6', 50: '120' };
    const VALUES2: Record<Hide, string> = { 10: 'hist-pw-two', 20: '', 30: '999999', 40: '6', 50: '120' };
    const SECRETS = ['hist-pw-one', 'hist-pw-two'];
    const ALL = [...Object.values(V1), ...Object.values(V2), ...SECRETS];
    let historyTopic: string;
    let historyReader: string;
    let historyTagId: string;

    const blocks = (markers: Record<Hide, string>, values: Record<Hide, string>, ids: string[] = []) =>
      TYPES.map((type, index) => {
        const value = values[type] ? ` value="${values[type]}"` : '';
        const id = ids[index] ? ` data-block-id="${ids[index]}"` : '';
        return `<hide type="${type}"${value}${id}><p>${markers[type]}</p></hide>`;
      }).join('');

    async function history(member: string | null): Promise<string> {
      const client = member ? f.t.client.as(member) : f.t.client.anonymous();
      const response = await client.get<{ items: unknown[] }>(`/api/forum/topics/${historyTopic}/revisions`);
      expect(response.status).toBe(200);
      expect(response.body.items).toHaveLength(2);
      return JSON.stringify(response.body);
    }

    beforeAll(async () => {
      historyReader = await f.member('history_leak_reader');
      const tagId = await f.tag('History leak');
      historyTagId = tagId;
      historyTopic = await f.post(author, {
        title: 'History of hidden blocks',
        content: `<p>History intro</p>${blocks(V1, VALUES1)}`,
        tagIds: [tagId],
      });
      const stored = await f.t.client
        .as(author)
        .get<{ hiddenBlocks: { id: string }[] }>(`/api/forum/topics/${historyTopic}`);
      const ids = stored.body.hiddenBlocks.map((block) => block.id);
      // Every block keeps its id: the same blocks, with new content (and a new password and grade threshold).
      const edited = await f.t.client.as(author).request('PATCH', `/api/forum/topics/${historyTopic}`, {
        title: 'History of hidden blocks, edited',
        content: `<p>History intro, edited</p>${blocks(V2, VALUES2, ids)}`,
        tagIds: [tagId],
      });
      expect(edited.status).toBe(200);
      await eventually(async () => expect(await history(author)).toContain('H2-BALANCE'));
    });

    it('the author reads every block of every version (the markers are there)', async () => {
      const body = await history(author);
      for (const marker of [...Object.values(V1), ...Object.values(V2)]) expect(body).toContain(marker);
      for (const secret of SECRETS) expect(body).not.toContain(secret);
    });

    it('a visitor and a member who opened nothing get no block of any version and no password', async () => {
      for (const who of [null, historyReader]) {
        const body = await history(who);
        expect(ALL.filter((marker) => body.includes(marker))).toEqual([]);
        expect(body).toContain('History intro');
      }
    });

    it('a grade threshold raised by an edit closes the old version too', async () => {
      await f.t
        .db('forum')
        .collection<{ _id: string; points: number }>('member_points')
        .updateOne({ _id: historyReader }, { $set: { points: 150 } }, { upsert: true });
      // The reader's 150 points are in force (a grade block of 100 opens for them) before the history is read.
      const probe = await f.post(author, {
        title: 'Grade probe',
        content: '<p>Probe</p><hide type="30" value="100"><p>GRADE-PROBE</p></hide>',
        tagIds: [historyTagId],
      });
      await eventually(async () => {
        const detail = await f.t.client.as(historyReader).get<{ content: string }>(`/api/forum/topics/${probe}`);
        expect(detail.body.content).toContain('GRADE-PROBE');
      });
      const body = await history(historyReader);
      expect(ALL.filter((marker) => body.includes(marker))).toEqual([]);
    });

    it('after the password unlock, that block in every version and nothing else', async () => {
      const unlocked = await f.t.client
        .as(historyReader)
        .post(`/api/forum/topics/${historyTopic}/unlock`, { type: 10, password: 'hist-pw-two' });
      expect(unlocked.status).toBe(200);
      await eventually(async () => {
        const body = await history(historyReader);
        expect(ALL.filter((marker) => body.includes(marker)).sort()).toEqual([V1[10], V2[10]].sort());
      });
      const visitor = await history(null);
      expect(ALL.filter((marker) => visitor.includes(marker))).toEqual([]);
    });
  });
});

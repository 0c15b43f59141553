import { searchQueryCommand } from '@forum/contracts';
import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS } from '@forum/contracts';
import type { Page, SearchResultView } from '@forum/contracts';
import { PeerCommands, PermissionChecker } from '@forum/platform';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import { IndexFollower } from './engine/index-follower';
import { searchable } from './search.fixture';
import { HotTerms as HotTermsForTest } from './query/hot-terms';
import type { SearchPeerInput } from './query/search.peer';
import { SearchModule } from './search.module';

describe('search over topics', () => {
  let f: ForumFixture;
  let alice: string;
  let bob: string;
  let life: string;
  let tech: string;

  beforeAll(async () => {
    f = await startForum([SearchModule]);
    await f.t.app.select(SearchModule).get(IndexFollower).ready();
    alice = await f.member('search_alice');
    bob = await f.member('search_bob');
    life = await f.tag('生活');
    tech = await f.tag('Tech');
  });
  afterAll(() => f?.t.close());

  const search = (query: string, as?: string) =>
    (as ? f.t.client.as(as) : f.t.client).get<Page<SearchResultView>>(`/api/search?${query}`);
  const found = async (query: string, as?: string) => (await search(query, as)).body.items.map((item) => item.id);
  /** `search.query` as another context asks it (a member's actor is passed on purpose: it must not widen access). */
  const peerSearch = (input: SearchPeerInput) =>
    f.t.app
      .select(SearchModule)
      .get(PeerCommands)
      .execute(searchQueryCommand, input, {
        actor: { kind: 'member', id: bob },
        now: new Date(),
        correlationId: 'search-peer-test',
      });

  it('finds a new Chinese or English topic, highlighted, by a word inside a sentence', async () => {
    const zh = await f.post(alice, {
      title: '如何给钱包充值余额',
      content: '<p>在钱包页面选择支付方式，输入金额即可充值。</p>',
      tagIds: [life],
    });
    const zhPosted = Date.now();
    const en = await f.post(alice, {
      title: 'Tuning Kafka consumers',
      content: '<p>Consumer lag grows when the projection writes one document at a time.</p>',
      tagIds: [tech],
    });
    const enPosted = Date.now();
    await searchable('a new Chinese topic', async () => expect(await found('keyword=充值')).toEqual([zh]), zhPosted);
    await searchable(
      'a new English topic',
      async () => expect(await found('keyword=projection')).toEqual([en]),
      enPosted,
    );

    const [hit] = (await search('keyword=钱包')).body.items;
    expect(hit).toMatchObject({ kind: 'topic', id: zh, link: `/thread?topicId=${zh}` });
    expect(hit!.title).toBe('如何给<mark>钱包</mark>充值余额');
    expect(hit!.snippet).toContain('<mark>钱包</mark>页面');
    expect(hit!.author).toMatchObject({ nickname: 'search_alice' });
    expect(await found('keyword=充值&type=question')).toEqual([]);
    expect(await found(`keyword=充值&tagId=${tech}`)).toEqual([]);
  });

  it('never indexes hidden blocks, so their words find nothing and appear in no snippet', async () => {
    const topic = await f.post(alice, {
      title: '隐藏内容测试',
      content:
        '<p>公开部分</p><hide type="10" value="pw">秘密口令 SECRETMARKER</hide><hide type="30" value="1">GRADEMARKER</hide>',
      tagIds: [life],
    });
    await eventually(async () => expect(await found('keyword=公开部分')).toEqual([topic]));
    for (const keyword of ['SECRETMARKER', '秘密口令', 'GRADEMARKER']) {
      expect(await found(`keyword=${encodeURIComponent(keyword)}`)).toEqual([]);
      expect(await found(`keyword=${encodeURIComponent(keyword)}`, alice)).toEqual([]);
    }
    const { body } = await search('keyword=隐藏内容测试');
    expect(JSON.stringify(body)).not.toMatch(/SECRETMARKER|GRADEMARKER|秘密/);
    const peer = await peerSearch({ q: '隐藏内容测试 公开部分' });
    expect(peer.items.map((item) => item.id)).toEqual([topic]);
    expect(JSON.stringify(peer)).not.toMatch(/SECRETMARKER|GRADEMARKER|秘密/);
    expect((await peerSearch({ q: 'SECRETMARKER' })).items).toEqual([]);
  });

  it('answers the search.query peer command with plain-text snippets, type filter and limit', async () => {
    const topic = await f.post(alice, {
      title: 'Peer 查询 notebook',
      content: '<p>Notebook &amp; 笔记本 <script>x</script>的使用方法，peer 命令测试。</p>',
      tagIds: [life],
    });
    await eventually(async () =>
      expect((await peerSearch({ q: 'notebook' })).items.map((item) => item.id)).toEqual([topic]),
    );
    const { items } = await peerSearch({ q: '笔记本 notebook', limit: 5 });
    expect(items).toEqual([
      {
        type: 'topic',
        id: topic,
        title: 'Peer 查询 notebook',
        snippet: expect.stringContaining('Notebook & 笔记本'),
        url: `/thread?topicId=${topic}`,
      },
    ]);
    expect(items[0]!.snippet).not.toMatch(/<mark>|&amp;/);
    expect((await peerSearch({ q: 'notebook', types: ['question', 'help'] })).items).toEqual([]);
    await expect(peerSearch({ q: '' })).rejects.toMatchObject({ code: 'common.validation_failed' });
    await expect(peerSearch({ q: 'a', limit: 500 })).rejects.toMatchObject({ code: 'common.validation_failed' });
  });

  it('follows edits, deletions and restorations', async () => {
    const topic = await f.post(alice, { title: '旧的标题苹果', content: '<p>苹果</p>', tagIds: [life] });
    await eventually(async () => expect(await found('keyword=苹果')).toEqual([topic]));
    const edit = await f.t.client.as(alice).request('PATCH', `/api/forum/topics/${topic}`, {
      title: '新的标题香蕉',
      content: '<p>香蕉</p>',
      tagIds: [life],
    });
    expect(edit.status).toBe(200);
    await eventually(async () => {
      expect(await found('keyword=香蕉')).toEqual([topic]);
      expect(await found('keyword=苹果')).toEqual([]);
    });
    expect((await f.t.client.as(alice).request('DELETE', `/api/forum/topics/${topic}`)).status).toBe(200);
    await eventually(async () => expect(await found('keyword=香蕉')).toEqual([]));
    const restore = await f.t.client.as(f.staffId, 'staff').post(`/api/forum/topics/${topic}/restore`, {});
    expect(restore.status).toBe(200);
    await eventually(async () => expect(await found('keyword=香蕉')).toEqual([topic]));
  });

  it('returns topics of a tag only to readers who may view that tag', async () => {
    const topic = await f.post(alice, { title: '只有技术标签的读者能看', content: '<p>限制阅读</p>', tagIds: [tech] });
    await eventually(async () => expect(await found('keyword=限制阅读', bob)).toEqual([topic]));
    const role = (permissions: { permission: string; tagIds: string[] | null }[]) =>
      f.t.client
        .as(f.staffId, 'staff')
        .request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
    const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null }));
    try {
      const limited = everything.map((entry) =>
        entry.permission === 'topic.view' ? { ...entry, tagIds: [life] } : entry,
      );
      expect((await role(limited)).status).toBe(200);
      const checker = f.t.app.select(SearchModule).get(PermissionChecker);
      await eventually(async () =>
        expect((await checker.effective({ kind: 'member', id: bob })).hasOnAll('topic.view', [tech])).toBe(false),
      );
      expect(await found('keyword=限制阅读', bob)).toEqual([]);
      expect(await found('keyword=限制阅读')).toEqual([]);
      expect((await peerSearch({ q: '限制阅读' })).items).toEqual([]);
      expect(
        (await f.t.client.as(f.staffId, 'staff').get<Page<SearchResultView>>('/api/search?keyword=限制阅读')).body
          .total,
      ).toBe(1);
    } finally {
      expect((await role(everything)).status).toBe(200);
    }
  });

  it('refuses an empty or oversized query with a clear code, and counts hot terms of searches that found something', async () => {
    for (const query of [
      'keyword=',
      'keyword=%20%20',
      `keyword=${'字'.repeat(101)}`,
      'keyword=a&type=poll',
      'keyword=a&x=1',
    ]) {
      const response = await search(query);
      expect([query, response.status, (response.body as unknown as { code: string }).code]).toEqual([
        query,
        400,
        'common.validation_failed',
      ]);
    }
    for (let i = 0; i < 3; i++) await search('keyword=余额');
    await search('keyword=没有这个词的结果XYZ');
    await f.t.app.select(SearchModule).get(HotTermsForTest).flush();
    const { body } = await f.t.client.get<{ terms: { term: string; count: number }[] }>('/api/search/hot-terms');
    expect(body.terms[0]).toEqual({ term: '余额', count: 3 });
    expect(body.terms.map((term) => term.term)).not.toContain('没有这个词的结果xyz');
  });

  it('lets staff reload the index from the read model, and search answers the same afterwards', async () => {
    const before = await found('keyword=钱包');
    const reload = await f.t.client
      .as(f.staffId, 'staff')
      .post<{ documents: number; loaded: number }>('/api/search/staff/reload', {});
    expect(reload.status).toBe(200);
    expect(reload.body.loaded).toBe(reload.body.documents);
    expect(await found('keyword=钱包')).toEqual(before);
    expect((await f.t.client.as(bob).post('/api/search/staff/reload', {})).status).toBe(403);
  });
});

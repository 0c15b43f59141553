import { searchQueryCommand } from '@forum/contracts';
import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS, newId } from '@forum/contracts';
import type { CommandMetadata, Page, QuestionTagNode, SearchResultView } from '@forum/contracts';
import { PeerCommands, PermissionChecker } from '@forum/platform';
import { contextModule, eventually, memberAccount, staffAccount, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { IndexFollower } from './engine/index-follower';
import { searchable } from './search.fixture';
import type { SearchPeerInput } from './query/search.peer';
import { SearchModule } from './search.module';

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

describe('search over questions and help articles', () => {
  let t: TestApp;
  let staff: string;
  let asker: string;
  let qaTag: string;
  let otherQaTag: string;
  let category: string;
  let forumTag: string;
  let reader: string;
  const poll = { intervalMs: 250 };

  /** Searches as `as`, a visitor (`null`) or by default a reader of this test (the search limit is per member). */
  const search = (query: string, as: string | null = reader) =>
    (as ? t.client.as(as, as === staff ? 'staff' : 'member') : t.client).get<Page<SearchResultView>>(
      `/api/search?${query}`,
    );
  const found = async (query: string, as: string | null = reader) => {
    const response = await search(query, as);
    if (response.status !== 200)
      throw new Error(`search ${query}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.items.map((item) => item.id);
  };
  const peerSearch = (input: SearchPeerInput) => t.app.get(PeerCommands).execute(searchQueryCommand, input, system());

  async function member(): Promise<string> {
    const account = `s${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const memberId = await memberAccount(t.app, account);
    const checker = t.app.select(await contextModule('qa')).get(PermissionChecker);
    await eventually(async () =>
      expect(await checker.can({ kind: 'member', id: memberId }, 'question.ask')).toBe(true),
    );
    return memberId;
  }

  async function questionTag(name: string): Promise<string> {
    const response = await t.client
      .as(staff, 'staff')
      .post<{ tagId: string }>('/api/qa/tags', { name, parentId: null });
    expect(response.status).toBe(201);
    await eventually(async () => {
      const tree = await t.client.get<{ items: QuestionTagNode[] }>('/api/qa/tags');
      expect(tree.body.items.map((node) => node.tagId)).toContain(response.body.tagId);
    });
    return response.body.tagId;
  }

  async function ask(title: string, content: string, tagIds = [qaTag]): Promise<string> {
    const response = await t.client
      .as(asker)
      .post<{ questionId: string }>('/api/qa/questions', { title, content, tagIds });
    expect(response.status).toBe(201);
    return response.body.questionId;
  }

  async function publishHelp(title: string, content: string): Promise<string> {
    const response = await t.client
      .as(staff, 'staff')
      .post<{ id: string }>('/api/moderation/staff/help/articles', { categoryId: category, title, content });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  beforeAll(async () => {
    t = await startTestApp(['identity', 'moderation', 'forum', 'wallet', 'qa', SearchModule]);
    await t.app.select(SearchModule).get(IndexFollower).ready();
    staff = await staffAccount(t.app, `search_admin_${Date.now().toString(36)}`, {
      contexts: ['identity', 'moderation', 'forum', 'qa', SearchModule],
      permission: 'content.manage',
    });
    asker = await member();
    qaTag = await questionTag('搜索问答');
    otherQaTag = await questionTag('Other');
    const created = await t.client
      .as(staff, 'staff')
      .post<{ id: string }>('/api/moderation/staff/help/categories', { name: '搜索帮助', sort: 0 });
    expect(created.status).toBe(201);
    category = created.body.id;
    const tag = await t.client
      .as(staff, 'staff')
      .post<{ tagId: string; visible: boolean }>('/api/forum/tags', { name: 'SearchTech', parentId: null });
    expect([tag.status, tag.body.visible]).toEqual([201, true]);
    forumTag = tag.body.tagId;
  });
  beforeEach(async () => {
    reader = await member();
  });
  afterAll(() => t?.close());

  it('finds a new question by type and tag, highlighted, without its hidden block', async () => {
    const question = await ask(
      '数据库迁移失败怎么办',
      '<p>执行迁移脚本时报错，日志显示连接超时。</p><hide type="10" value="pw">机密配置 VAULTMARKER</hide>',
    );
    await searchable('a new question', async () => expect(await found('keyword=迁移脚本')).toEqual([question]));
    const [hit] = (await search('keyword=迁移&type=question')).body.items;
    expect(hit).toMatchObject({ kind: 'question', id: question, link: `/question?questionId=${question}` });
    expect(hit!.title).toBe('数据库<mark>迁移</mark>失败怎么办');
    expect(hit!.tagIds).toEqual([qaTag]);
    expect(await found(`keyword=迁移&tagId=${qaTag}`)).toEqual([question]);
    expect(await found(`keyword=迁移&tagId=${otherQaTag}`)).toEqual([]);
    expect(await found('keyword=迁移&type=topic')).toEqual([]);
    expect(await found('keyword=迁移&type=help')).toEqual([]);
    for (const secret of ['VAULTMARKER', '机密配置']) {
      expect(await found(`keyword=${encodeURIComponent(secret)}`)).toEqual([]);
      expect(await found(`keyword=${encodeURIComponent(secret)}`, staff)).toEqual([]);
      expect(await found(`keyword=${encodeURIComponent(secret)}`, null)).toEqual([]);
      expect((await peerSearch({ q: secret })).items).toEqual([]);
    }
    expect(JSON.stringify((await search('keyword=迁移脚本')).body)).not.toMatch(/VAULTMARKER|机密/);
  });

  it('follows a question: addenda become searchable, edits replace the text, deletion removes it', async () => {
    const question = await ask('Printer keeps jamming', '<p>The office printer jams on every second page.</p>');
    await eventually(async () => expect(await found('keyword=printer')).toEqual([question]), poll);
    // English words match by stem: "jamming" finds "jams", "printers" finds "printer".
    expect(await found('keyword=printers%20jamming')).toEqual([question]);
    const addendum = await t.client
      .as(asker)
      .post(`/api/qa/questions/${question}/addenda`, { content: '<p>Update: the toner cartridge was empty.</p>' });
    expect(addendum.status).toBe(201);
    await eventually(async () => expect(await found('keyword=toner')).toEqual([question]), poll);
    const edit = await t.client.as(asker).request('PATCH', `/api/qa/questions/${question}`, {
      title: 'Scanner keeps jamming',
      content: '<p>The scanner jams.</p>',
      tagIds: [qaTag],
    });
    expect(edit.status).toBe(200);
    await eventually(async () => {
      expect(await found('keyword=scanner')).toEqual([question]);
      expect(await found('keyword=printer')).toEqual([]);
    }, poll);
    expect(await found('keyword=toner')).toEqual([question]);
    expect((await t.client.as(staff, 'staff').request('DELETE', `/api/qa/questions/${question}`)).status).toBe(200);
    await eventually(async () => expect(await found('keyword=scanner')).toEqual([]), poll);
  });

  it('finds help articles, follows their edits and deletion, and answers the peer command by type', async () => {
    const article = await publishHelp('如何修改绑定邮箱', '在账户设置里选择邮箱，\n\n输入新邮箱并完成验证码校验。');
    await searchable('a new help article', async () => expect(await found('keyword=绑定邮箱')).toEqual([article]));
    const [hit] = (await search('keyword=邮箱&type=help')).body.items;
    expect(hit).toMatchObject({ kind: 'help', id: article, link: `/helpDetail?helpId=${article}`, author: null });
    expect(hit!.snippet).toContain('<mark>邮箱</mark>');
    const peer = await peerSearch({ q: '绑定邮箱', types: ['help'] });
    expect(peer.items).toEqual([
      {
        type: 'help',
        id: article,
        title: '如何修改绑定邮箱',
        snippet: expect.stringContaining('输入新邮箱'),
        url: `/helpDetail?helpId=${article}`,
      },
    ]);
    expect((await peerSearch({ q: '绑定邮箱', types: ['topic', 'question'] })).items).toEqual([]);
    const edited = await t.client
      .as(staff, 'staff')
      .request('PATCH', `/api/moderation/staff/help/articles/${article}`, {
        categoryId: category,
        title: '如何修改绑定手机',
        content: '在账户设置里选择手机号。',
      });
    expect(edited.status).toBe(200);
    await eventually(async () => {
      expect(await found('keyword=绑定手机')).toEqual([article]);
      expect(await found('keyword=邮箱')).toEqual([]);
    }, poll);
    const removed = await t.client
      .as(staff, 'staff')
      .request('DELETE', `/api/moderation/staff/help/articles/${article}`);
    expect(removed.status).toBe(200);
    await eventually(async () => expect(await found('keyword=绑定手机')).toEqual([]), poll);
  });

  it('pages one search over every type, with exact totals', async () => {
    const ids = [
      await ask('Zeppelin 问题一', '<p>关于 zeppelin 的问题。</p>'),
      await ask('Zeppelin 问题二', '<p>另一个 zeppelin 问题。</p>'),
      await publishHelp('Zeppelin 帮助', '关于 zeppelin 的帮助。'),
    ];
    await eventually(async () => expect((await search('keyword=zeppelin')).body.total).toBe(3), poll);
    const first = await search('keyword=zeppelin&page=1&pageSize=2');
    const second = await search('keyword=zeppelin&page=2&pageSize=2');
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    expect(second.body.items).toHaveLength(1);
    expect([...first.body.items, ...second.body.items].map((item) => item.id).sort()).toEqual([...ids].sort());
    const latest = await search('keyword=zeppelin&sort=latest');
    expect(latest.body.items.map((item) => item.id)).toEqual([...ids].reverse());
  });

  it('filters topics by the reader’s view permission at query time, while questions and help stay public', async () => {
    const forumChecker = t.app.select(await contextModule('forum')).get(PermissionChecker);
    await eventually(async () =>
      expect(await forumChecker.can({ kind: 'member', id: asker }, 'topic.post')).toBe(true),
    );
    const topic = await t.client.as(asker).post<{ topicId: string }>('/api/forum/topics', {
      title: 'Quokka 技术讨论',
      content: '<p>quokka 话题</p>',
      tagIds: [forumTag],
    });
    expect(topic.status).toBe(201);
    const question = await ask('Quokka 问题', '<p>quokka 问答</p>');
    const article = await publishHelp('Quokka 帮助', 'quokka 帮助文章');
    await eventually(
      async () =>
        expect((await found('keyword=quokka', asker)).sort()).toEqual([topic.body.topicId, question, article].sort()),
      poll,
    );
    const role = (permissions: { permission: string; tagIds: string[] | null }[]) =>
      t.client.as(staff, 'staff').request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
    const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null }));
    try {
      const limited = everything.map((entry) =>
        entry.permission === 'topic.view' ? { ...entry, tagIds: ['no-such-tag'] } : entry,
      );
      expect((await role(limited)).status).toBe(200);
      const checker = t.app.select(SearchModule).get(PermissionChecker);
      await eventually(async () =>
        expect((await checker.effective({ kind: 'member', id: asker })).hasOnAll('topic.view', [forumTag])).toBe(false),
      );
      expect((await found('keyword=quokka', asker)).sort()).toEqual([question, article].sort());
      expect((await found('keyword=quokka', null)).sort()).toEqual([question, article].sort());
      expect((await peerSearch({ q: 'quokka' })).items.map((item) => item.id).sort()).toEqual(
        [question, article].sort(),
      );
      expect((await search('keyword=quokka', asker)).body.total).toBe(2);
      expect(
        (await t.client.as(staff, 'staff').get<Page<SearchResultView>>('/api/search?keyword=quokka')).body.total,
      ).toBe(3);
    } finally {
      expect((await role(everything)).status).toBe(200);
    }
  });
});

import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS } from '@forum/contracts';
import type { ErrorBody, Page } from '@forum/contracts';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import { HotRanker } from './topics/lists/hot-ranker';
import type { PostedTopic, TopicDetail, TopicRow, UnlockResult } from './topics/topic.schemas';
import type { TagTreeNode } from './tags/tag.schemas';
import { ForumModule } from './forum.module';

describe('forum topics over HTTP', () => {
  let f: ForumFixture;
  let alice: string;
  let bob: string;
  let tech: string;
  let node: string;
  let rust: string;
  let life: string;

  beforeAll(async () => {
    f = await startForum();
    [alice, bob] = [await f.member('alice'), await f.member('bob')];
    tech = await f.tag('Tech');
    node = await f.tag('Node', tech);
    rust = await f.tag('Rust', tech);
    life = await f.tag('Life');
  });
  afterAll(() => f.t.close());

  const list = (query = '') => f.t.client.anonymous().get<Page<TopicRow>>(`/api/forum/topics${query}`);
  const commits = () => f.t.db('forum').collection('commits').countDocuments();

  describe('tags', () => {
    it('serves the tree with leaf flags, sorted, to anyone', async () => {
      const tree = await f.t.client.anonymous().get<{ items: TagTreeNode[] }>('/api/forum/tags');
      const techNode = tree.body.items.find((tag) => tag.tagId === tech)!;
      expect(techNode).toMatchObject({ name: 'Tech', leaf: false });
      expect(techNode.children.map((child) => [child.name, child.leaf])).toEqual([
        ['Node', true],
        ['Rust', true],
      ]);
    });

    it('lets staff only edit the tree, and refuses to delete a tag with children', async () => {
      expect((await f.t.client.as(alice).post('/api/forum/tags', { name: 'Mine' })).status).toBe(403);
      const refused = await f.t.client.as(f.staffId, 'staff').request<ErrorBody>('DELETE', `/api/forum/tags/${tech}`);
      expect([refused.status, refused.body.code]).toEqual([409, 'forum.tag_has_children']);
      const temp = await f.tag('Temporary', life);
      const renamed = await f.t.client
        .as(f.staffId, 'staff')
        .request('PATCH', `/api/forum/tags/${temp}`, { name: 'Temp' });
      expect(renamed.status).toBe(200);
      expect((await f.t.client.as(f.staffId, 'staff').request('DELETE', `/api/forum/tags/${temp}`)).status).toBe(200);
      const tree = await f.t.client.get<{ items: TagTreeNode[] }>('/api/forum/tags');
      expect(tree.body.items.find((tag) => tag.tagId === life)).toMatchObject({ leaf: true, children: [] });
    });
  });

  describe('posting', () => {
    it('shows a posted topic at once, sanitized, with author, tags, staff flag and IP location fields', async () => {
      const posted = await f.t.client.as(alice).post<PostedTopic>('/api/forum/topics', {
        title: '  First topic  ',
        content: '<p onclick="x()">Hello <b>forum</b> @bob</p><script>alert(1)</script>',
        tagIds: [node],
      });
      expect(posted.status).toBe(201);
      expect(posted.body.visible).toBe(true);
      const first = (await list('?pageSize=5')).body.items[0];
      expect(first).toMatchObject({
        topicId: posted.body.topicId,
        title: 'First topic',
        summary: 'Hello forum @bob',
        tags: [{ tagId: node, name: 'Node' }],
        author: { memberId: alice, nickname: 'alice', cancelled: false },
        isStaff: false,
        commentCount: 0,
      });
      const detail = await f.t.client.get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`);
      expect(detail.body.content).toBe('<p>Hello <b>forum</b> @bob</p>');
      expect(detail.body).toHaveProperty('ipLocation');
      const stored = await f.t
        .db('forum')
        .collection('commits')
        .findOne({ streamId: `topic-${posted.body.topicId}` });
      const event = stored!.events[0];
      expect(event.data.mentions).toEqual([bob]);
      expect(event.actor.ip).toBeUndefined();
    });

    it('marks topics posted by staff', async () => {
      const topicId = await f.post(f.staffId, { title: 'Announcement', content: '<p>Hi</p>', tagIds: [life] });
      expect((await f.t.client.get<TopicDetail>(`/api/forum/topics/${topicId}`)).body.isStaff).toBe(true);
    });

    it.each([
      ['a parent tag', () => ({ tagIds: [tech] }), 'tagIds', 'validation.tag_not_leaf'],
      ['an unknown tag', () => ({ tagIds: ['nope'] }), 'tagIds', 'validation.tag_not_found'],
      [
        'more tags than the settings allow',
        () => ({ tagIds: [node, rust, life, 'x'] }),
        'tagIds',
        'validation.too_big',
      ],
      ['an unknown @nickname', () => ({ content: '<p>hi @nobody_here</p>' }), 'content', 'validation.user_not_found'],
      [
        'a hidden block without a password',
        () => ({ content: '<hide type="10">x</hide>' }),
        'content',
        'validation.hidden_block_invalid',
      ],
      [
        'content that sanitizes to nothing',
        () => ({ content: '<script>alert(1)</script>' }),
        'content',
        'validation.required',
      ],
    ])('refuses %s with a field error and writes nothing', async (_case, overrides, field, code) => {
      const before = await commits();
      const body = { title: 'T', content: '<p>ok</p>', tagIds: [node], ...overrides() };
      const response = await f.t.client.as(alice).post<ErrorBody>('/api/forum/topics', body);
      expect([response.status, response.body.code]).toEqual([400, 'common.validation_failed']);
      expect(response.body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
      expect(await commits()).toBe(before);
    });

    it('says which user does not exist, in the caller language', async () => {
      const response = await f.t.client
        .as(alice)
        .inLanguage('zh-CN')
        .post<ErrorBody>('/api/forum/topics', { title: 'T', content: '<p>@ghost</p>', tagIds: [node] });
      expect(response.body.fieldErrors?.[0]?.message).toBe('用户 ghost 不存在。');
    });

    it('refuses a visitor and validates the body', async () => {
      const visitor = await f.t.client
        .anonymous()
        .post<ErrorBody>('/api/forum/topics', { title: 't', content: 'c', tagIds: [node] });
      expect([visitor.status, visitor.body.code]).toEqual([401, 'auth.unauthorized']);
      const invalid = await f.t.client
        .as(alice)
        .post<ErrorBody>('/api/forum/topics', { title: 'x'.repeat(151), content: 'c' });
      expect(invalid.body.fieldErrors?.map((fe) => [fe.field, fe.code])).toEqual([
        ['title', 'validation.too_long'],
        ['tagIds', 'validation.required'],
      ]);
    });
  });

  describe('editing, deleting, pinning, essence', () => {
    it('lets the author edit and delete, staff restore; others are refused', async () => {
      const topicId = await f.post(alice, { title: 'Editable', content: '<p>v1</p>', tagIds: [rust] });
      const other = await f.t.client.as(bob).request<ErrorBody>('PATCH', `/api/forum/topics/${topicId}`, {
        title: 'Hijack',
        content: '<p>x</p>',
        tagIds: [rust],
      });
      expect([other.status, other.body.code]).toEqual([403, 'auth.forbidden']);
      const edited = await f.t.client.as(alice).request<PostedTopic>('PATCH', `/api/forum/topics/${topicId}`, {
        title: 'Edited',
        content: '<p>v2</p>',
        tagIds: [node],
      });
      expect([edited.status, edited.body.visible]).toEqual([200, true]);
      expect((await list(`?tagId=${node}`)).body.items.map((row) => row.title)).toContain('Edited');
      expect((await list(`?tagId=${rust}`)).body.items.map((row) => row.topicId)).not.toContain(topicId);

      expect((await f.t.client.as(bob).request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(403);
      expect((await f.t.client.as(alice).request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(200);
      expect((await list()).body.items.map((row) => row.topicId)).not.toContain(topicId);
      expect((await f.t.client.get(`/api/forum/topics/${topicId}`)).status).toBe(404);
      const staffList = await f.t.client
        .as(f.staffId, 'staff')
        .get<Page<TopicRow>>('/api/forum/staff/topics?status=deleted');
      expect(staffList.body.items.find((row) => row.topicId === topicId)).toMatchObject({ deleted: true });
      expect((await f.t.client.as(alice).get('/api/forum/staff/topics')).status).toBe(403);
      expect((await f.t.client.as(alice).post(`/api/forum/topics/${topicId}/restore`)).status).toBe(403);
      expect((await f.t.client.as(f.staffId, 'staff').post(`/api/forum/topics/${topicId}/restore`)).status).toBe(200);
      expect((await list()).body.items.map((row) => row.topicId)).toContain(topicId);
    });

    it('puts pinned topics first on the home list by weight, and lists essence topics', async () => {
      const older = await f.post(alice, { title: 'Older pinned', content: '<p>o</p>', tagIds: [life] });
      const heavier = await f.post(alice, { title: 'Heavier pinned', content: '<p>h</p>', tagIds: [life] });
      await f.post(alice, { title: 'Newest plain', content: '<p>n</p>', tagIds: [life] });
      const staff = f.t.client.as(f.staffId, 'staff');
      expect((await staff.post(`/api/forum/topics/${older}/pin`, { weight: 1 })).status).toBe(200);
      expect((await staff.post(`/api/forum/topics/${heavier}/pin`, { weight: 9 })).status).toBe(200);
      expect((await f.t.client.as(alice).post(`/api/forum/topics/${older}/pin`, { weight: 99 })).status).toBe(403);
      const home = (await list('?pageSize=3')).body.items;
      expect(home.map((row) => row.title)).toEqual(['Heavier pinned', 'Older pinned', 'Newest plain']);
      expect(home[0]).toMatchObject({ pinned: true, pinWeight: 9 });

      expect((await staff.post(`/api/forum/topics/${older}/essence`, { essence: true })).status).toBe(200);
      expect((await list('?filter=essence')).body.items.map((row) => row.topicId)).toEqual([older]);
      await staff.post(`/api/forum/topics/${older}/essence`, { essence: false });
      await staff.post(`/api/forum/topics/${older}/pin`, { weight: 0 });
      await staff.post(`/api/forum/topics/${heavier}/pin`, { weight: 0 });
      expect((await list('?filter=essence')).body.items).toEqual([]);
      expect((await list('?pageSize=1')).body.items[0]!.title).toBe('Newest plain');
    });

    it('pages through a list beyond its precomputed head consistently', async () => {
      const all = await list('?pageSize=100');
      const pages = [];
      for (let page = 1; page <= Math.ceil(all.body.total / 3); page++)
        pages.push(...(await list(`?pageSize=3&page=${page}`)).body.items);
      expect(pages.map((row) => row.topicId)).toEqual(all.body.items.map((row) => row.topicId));
      expect(all.body.total).toBe(all.body.items.length);
    });

    it('ranks the hot list by the hot formula (docs/rules/forum.md): read activity lifts a topic', async () => {
      const quiet = await f.post(alice, { title: 'Quiet one', content: '<p>q</p>', tagIds: [life] });
      const read = await f.post(alice, { title: 'Read one', content: '<p>r</p>', tagIds: [life] });
      for (const reader of [alice, bob, f.staffId]) await f.t.client.as(reader).get(`/api/forum/topics/${read}`);
      await f.t.app.select(ForumModule).get(HotRanker).recompute(new Date());
      const hot = (await list('?filter=hot&pageSize=50')).body.items.map((row) => row.topicId);
      expect(hot.indexOf(read)).toBeLessThan(hot.indexOf(quiet));
      expect(hot[0]).toBe(read);
    });

    it('counts a read once per viewer per day', async () => {
      const topicId = await f.post(alice, { title: 'Counted', content: '<p>c</p>', tagIds: [life] });
      for (let i = 0; i < 3; i++) await f.t.client.as(bob).get(`/api/forum/topics/${topicId}`);
      await f.t.client.anonymous().get(`/api/forum/topics/${topicId}`);
      const detail = await f.t.client.as(bob).get<TopicDetail>(`/api/forum/topics/${topicId}`);
      expect(detail.body.readCount).toBe(2);
    });

    it('suggests similar topics by shared tags and title words', async () => {
      const a = await f.post(alice, { title: 'Async iterators in Node', content: '<p>a</p>', tagIds: [node] });
      const b = await f.post(bob, { title: 'Node async hooks', content: '<p>b</p>', tagIds: [node] });
      const similar = await f.t.client.get<{ items: TopicRow[] }>(`/api/forum/topics/${a}/similar`);
      expect(similar.body.items[0]!.topicId).toBe(b);
      expect(similar.body.items.map((row) => row.topicId)).not.toContain(a);
    });

    it('lists my topics with their counts', async () => {
      const mine = await f.t.client.as(bob).get<Page<TopicRow>>('/api/forum/me/topics');
      expect(mine.status).toBe(200);
      expect(mine.body.items.every((row) => row.authorId === bob)).toBe(true);
      expect(mine.body.items[0]).toEqual(expect.objectContaining({ likeCount: 0, favoriteCount: 0, unlockCount: 0 }));
      expect((await f.t.client.anonymous().get('/api/forum/me/topics')).status).toBe(401);
    });

    it("lists a member's topics to anyone, for the member page", async () => {
      const shown = await f.t.client.anonymous().get<Page<TopicRow>>(`/api/forum/members/${bob}/topics`);
      expect(shown.status).toBe(200);
      expect(shown.body.total).toBeGreaterThan(0);
      expect(shown.body.items.every((row) => row.authorId === bob)).toBe(true);
      const nobody = await f.t.client.anonymous().get<Page<TopicRow>>('/api/forum/members/nobody-here/topics');
      expect([nobody.status, nobody.body.total]).toEqual([200, 0]);
      expect((await f.t.client.anonymous().get('/api/forum/members/a.b/topics')).status).toBe(404);
    });
  });

  describe('hidden content', () => {
    let topicId: string;
    const content =
      '<p>Open part</p><hide type="10" value="sesame">PW-MARK</hide><hide type="20">COMMENT-MARK</hide>' +
      '<hide type="30" value="100">GRADE-MARK</hide>';

    beforeAll(async () => {
      topicId = await f.post(alice, { title: 'Secrets', content, tagIds: [node] });
    });

    const detailAs = (memberId: string | null) =>
      (memberId ? f.t.client.as(memberId) : f.t.client.anonymous()).get<TopicDetail>(`/api/forum/topics/${topicId}`);

    it('shows the author everything and a reader only placeholders', async () => {
      // The stored HTML, each block named by the stable id the server gave it (ADR 0025).
      const stored = (await detailAs(alice)).body.content;
      expect(stored.match(/ data-block-id="b[\w-]+"/g)).toHaveLength(3);
      expect(stored.replace(/ data-block-id="[^"]*"/g, '')).toBe(content);
      const reader = (await detailAs(bob)).body;
      expect(reader.content).toBe(
        '<p>Open part</p><hide type="10" index="0"></hide><hide type="20" index="1"></hide><hide type="30" index="2"></hide>',
      );
      expect(reader.hideTagTypeMap).toEqual({ '10': false, '20': false, '30': false });
      expect(reader.hiddenBlocks.map((block) => block.requirement)).toEqual([null, null, 'Member']);
      expect(reader.hiddenBlocks.map((block) => block.needPoints)).toEqual([null, null, 100]);
      const row = (await f.t.client.as(bob).get<Page<TopicRow>>(`/api/forum/topics?tagId=${node}`)).body.items.find(
        (item) => item.topicId === topicId,
      );
      expect(row?.hideTagTypeMap).toEqual({ '10': false, '20': false, '30': false });
      expect(row?.summary).toBe('Open part');
    });

    it('unlocks the password block with the right password only, once, and records it for the author', async () => {
      const wrong = await f.t.client
        .as(bob)
        .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: 'nope' });
      expect([wrong.status, wrong.body.code]).toEqual([400, 'forum.unlock_password_wrong']);
      // As the member site sends it: a form, where the type arrives as "10".
      const right = await f.t.client
        .as(bob)
        .asForm()
        .post<UnlockResult>(`/api/forum/topics/${topicId}/unlock`, { type: '10', password: 'sesame' });
      expect(right.status).toBe(200);
      expect(right.body).toEqual({ type: 10, blocks: [{ index: 0, html: 'PW-MARK' }], pricePaid: null, visible: true });
      const again = await f.t.client
        .as(bob)
        .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: 'sesame' });
      expect([again.status, again.body.code]).toEqual([409, 'forum.already_unlocked']);
      const own = await f.t.client
        .as(alice)
        .post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: 'sesame' });
      expect(own.body.code).toBe('forum.unlock_not_needed');

      const reader = (await detailAs(bob)).body;
      expect(reader.content).toContain('<hide type="10" index="0">PW-MARK</hide>');
      expect(reader.content).not.toContain('sesame');
      expect(reader.hideTagTypeMap).toMatchObject({ '10': true, '20': false });

      const records = await f.t.client
        .as(alice)
        .get<Page<{ member: { memberId: string }; type: number }>>(`/api/forum/topics/${topicId}/unlocks`);
      expect(records.body.items).toEqual([
        expect.objectContaining({ member: expect.objectContaining({ memberId: bob }), type: 10 }),
      ]);
      expect((await f.t.client.as(bob).get(`/api/forum/topics/${topicId}/unlocks`)).status).toBe(403);
      const mine = await f.t.client.as(bob).get<Page<{ topicId: string }>>('/api/forum/me/unlocks');
      expect(mine.body.items.map((item) => item.topicId)).toEqual([topicId]);
      const detail = await f.t.client.as(alice).get<TopicDetail>(`/api/forum/topics/${topicId}`);
      expect(detail.body.unlockCount).toBe(1);
    });

    it('opens the comment block after the reader comments', async () => {
      const carol = await f.member('carol');
      const comment = await f.t.client
        .as(carol)
        .post(`/api/forum/topics/${topicId}/comments`, { content: '<p>Thanks!</p>' });
      expect(comment.status).toBe(201);
      await eventually(async () => expect((await detailAs(carol)).body.content).toContain('COMMENT-MARK'));
      const view = (await detailAs(carol)).body;
      expect(view.content).not.toMatch(/PW-MARK|GRADE-MARK/);
      expect(view.hideTagTypeMap).toEqual({ '10': false, '20': true, '30': false });
    });

    // The grade block opening with points the wallet booked: unlocks/grade-unlock.int-spec.ts.
  });

  describe('per-tag permissions (roles)', () => {
    const memberRole = (permissions: { permission: string; tagIds: string[] | null }[]) =>
      f.t.client
        .as(f.staffId, 'staff')
        .request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
    const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null }));

    afterAll(async () => {
      expect((await memberRole(everything)).status).toBe(200);
    });

    it('hides topics of tags a member may not view, and refuses hidden types a member may not use there', async () => {
      const lifeTopic = await f.post(alice, { title: 'Life only', content: '<p>l</p>', tagIds: [life] });
      const limited = everything.map((entry) =>
        entry.permission === 'topic.view'
          ? { ...entry, tagIds: [node, rust] }
          : entry.permission === 'hide.password'
            ? { ...entry, tagIds: [rust] }
            : entry,
      );
      expect((await memberRole(limited)).status).toBe(200);
      await eventually(async () => {
        const detail = await f.t.client.as(bob).get<ErrorBody>(`/api/forum/topics/${lifeTopic}`);
        expect([detail.status, detail.body.code]).toEqual([403, 'forum.topic_view_forbidden']);
      });
      expect((await f.t.client.as(alice).get(`/api/forum/topics/${lifeTopic}`)).status).toBe(200);
      expect((await f.t.client.as(f.staffId, 'staff').get(`/api/forum/topics/${lifeTopic}`)).status).toBe(200);
      const bobsList = await f.t.client.as(bob).get<Page<TopicRow>>('/api/forum/topics?pageSize=100');
      expect(bobsList.body.items.some((row) => row.tagIds.includes(life))).toBe(false);

      const hidden = { title: 'PW', content: '<hide type="10" value="pw">x</hide>' };
      const refused = await f.t.client.as(bob).post<ErrorBody>('/api/forum/topics', { ...hidden, tagIds: [node] });
      expect(refused.body.fieldErrors).toEqual([
        expect.objectContaining({ field: 'content', code: 'validation.hide_type_not_allowed' }),
      ]);
      expect((await f.t.client.as(bob).post('/api/forum/topics', { ...hidden, tagIds: [rust] })).status).toBe(201);
    });
  });

  describe('switches', () => {
    const setSwitch = (name: string, enabled: boolean, message: string) =>
      f.t.client.as(f.staffId, 'staff').request('PATCH', '/api/moderation/settings', {
        switches: { [name]: { enabled, message } },
      });

    afterEach(async () => {
      await setSwitch('topicPosting', true, '');
      await setSwitch('editTopics', true, '');
    });

    it('refuses posting and editing with the staff message when the switches are off (staff are exempt)', async () => {
      const topicId = await f.post(alice, { title: 'Before', content: '<p>b</p>', tagIds: [life] });
      expect((await setSwitch('topicPosting', false, 'Posting closed for maintenance')).status).toBe(200);
      expect((await setSwitch('editTopics', false, 'No edits today')).status).toBe(200);
      await eventually(async () => {
        const refused = await f.t.client
          .as(alice)
          .post<ErrorBody>('/api/forum/topics', { title: 'T', content: '<p>x</p>', tagIds: [life] });
        expect([refused.status, refused.body.code, refused.body.message]).toEqual([
          403,
          'forum.topic_posting_disabled',
          'Posting closed for maintenance',
        ]);
      });
      const edit = await f.t.client.as(alice).request<ErrorBody>('PATCH', `/api/forum/topics/${topicId}`, {
        title: 'After',
        content: '<p>a</p>',
        tagIds: [life],
      });
      expect([edit.status, edit.body.message]).toEqual([403, 'No edits today']);
      const detail = await f.t.client.as(alice).get<TopicDetail>(`/api/forum/topics/${topicId}`);
      expect(detail.body.canEdit).toBe(false);
      expect(
        (
          await f.t.client
            .as(f.staffId, 'staff')
            .post('/api/forum/topics', { title: 'S', content: '<p>s</p>', tagIds: [life] })
        ).status,
      ).toBe(201);
    });
  });
});

import type { ErrorBody, Page, SearchResultView } from '@forum/contracts';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { DEMO_DRAFT_TITLE, seedDemoDrafts } from './demo-drafts';
import type { DraftView, SavedDraft } from './draft.schemas';

interface DraftListView {
  items: { key: string; kind: string; targetId: string | null; title: string; excerpt: string; updatedAt: string }[];
  max: number;
}

/** Editors' drafts over HTTP (docs/rules/forum.md, drafts; ADR 0031): each member's own, never anyone else's. */
describe('/api/forum/drafts', () => {
  let f: ForumFixture;
  let t: TestApp;
  let writer: string;
  let other: string;
  let tagId: string;
  const stem = `Dr${Date.now().toString(36).slice(-5)}`;

  beforeAll(async () => {
    f = await startForum(['search']);
    t = f.t;
    writer = await f.member(`${stem}writer`);
    other = await f.member(`${stem}other`);
    tagId = await f.tag(`${stem} tag`);
  });
  afterAll(() => t.close());

  const url = (key: string) => `/api/forum/drafts/${encodeURIComponent(key)}`;
  const save = (memberId: string, key: string, body: Record<string, unknown>) =>
    t.client.as(memberId).request<SavedDraft & ErrorBody>('PUT', url(key), body);
  const read = (memberId: string, key: string) => t.client.as(memberId).get<DraftView & ErrorBody>(url(key));
  const mine = (memberId: string) => t.client.as(memberId).get<DraftListView>('/api/forum/drafts');
  const discard = (memberId: string, key: string) => t.client.as(memberId).request('DELETE', url(key));

  it('keeps a draft per member and editor, restores it whole, and lists it newest first with an excerpt', async () => {
    const topic = {
      title: 'Half a topic',
      content: `<p>First <strong>thoughts</strong> on ${stem}.</p><p>${'More words. '.repeat(30)}</p>`,
      extra: { tagIds: [tagId] },
    };
    expect((await save(writer, 'topic:new', topic)).status).toBe(200);
    const comment = await save(writer, 'comment:t1', { content: '<p>A comment on its way</p>' });
    expect(comment.status).toBe(200);

    const restored = await read(writer, 'topic:new');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      key: 'topic:new',
      kind: 'topic',
      targetId: null,
      title: 'Half a topic',
      content: topic.content,
      format: 'html',
      extra: { tagIds: [tagId] },
    });

    const list = await mine(writer);
    expect(list.status).toBe(200);
    expect(list.body.max).toBe(50);
    expect(list.body.items.map((item) => item.key)).toEqual(['comment:t1', 'topic:new']);
    const [commentRow, topicRow] = list.body.items;
    expect(commentRow).toMatchObject({ kind: 'comment', targetId: 't1', title: '', excerpt: 'A comment on its way' });
    expect(topicRow!.excerpt.startsWith(`First thoughts on ${stem}. More words.`)).toBe(true);
    expect(topicRow!.excerpt.length).toBe(120);
    expect(topicRow).not.toHaveProperty('content');

    // Saving again replaces it and puts it first.
    expect((await save(writer, 'topic:new', { ...topic, title: 'Half a topic, longer' })).status).toBe(200);
    expect((await read(writer, 'topic:new')).body.title).toBe('Half a topic, longer');
    expect((await mine(writer)).body.items.map((item) => item.key)).toEqual(['topic:new', 'comment:t1']);
  });

  it('is never shown to another member, who cannot read, overwrite or discard it', async () => {
    await save(writer, 'reply:c7', { content: '<p>My private reply</p>' });
    const peek = await read(other, 'reply:c7');
    expect(peek.status).toBe(404);
    expect(peek.body.code).toBe('forum.draft_not_found');
    expect((await mine(other)).body.items).toEqual([]);

    // The other member's own draft under the same key is their own; discarding it leaves the writer's alone.
    expect((await save(other, 'reply:c7', { content: '<p>Theirs</p>' })).status).toBe(200);
    expect((await discard(other, 'reply:c7')).status).toBe(204);
    expect((await read(writer, 'reply:c7')).body.content).toBe('<p>My private reply</p>');
    expect((await read(other, 'reply:c7')).status).toBe(404);
  });

  it('is for signed-in members, and its writes need the CSRF echo', async () => {
    expect((await t.client.anonymous().get('/api/forum/drafts')).status).toBe(401);
    expect((await t.client.anonymous().get(url('topic:new'))).status).toBe(401);
    expect((await t.client.anonymous().request('PUT', url('topic:new'), { content: 'x' })).status).toBe(401);
    const forged = await t.client.as(writer).withoutCsrf().request<ErrorBody>('PUT', url('topic:new'), {
      content: '<p>forged</p>',
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('csrf.invalid');
    expect((await t.client.as(writer).withoutCsrf().request('DELETE', url('topic:new'))).status).toBe(403);
    expect((await read(writer, 'topic:new')).body.title).toBe('Half a topic, longer');
  });

  it('refuses keys of no editor and bodies out of bounds, in the caller language', async () => {
    for (const key of ['topic:t1', 'message:m1', 'comment:a.b', 'answer:']) {
      const response = await save(writer, key, { content: '<p>x</p>' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('forum.draft_key_invalid');
    }
    expect((await read(writer, 'nothing')).body.code).toBe('forum.draft_key_invalid');
    const zh = await t.client.as(writer).inLanguage('zh-CN').get<ErrorBody>(url('bogus:1'));
    expect(zh.body.message).toBe('无法为此编辑框保存草稿。');

    const fieldOf = async (key: string, body: Record<string, unknown>) => {
      const response = await save(writer, key, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('common.validation_failed');
      return response.body.fieldErrors?.map((error) => `${error.field}:${error.code}`);
    };
    expect(await fieldOf('comment:t1', { content: '   ', title: '' })).toEqual(['content:validation.required']);
    expect(await fieldOf('comment:t1', { content: 'x'.repeat(20_001) })).toEqual(['content:validation.too_long']);
    expect(await fieldOf('topic:new', { content: 'x', title: 't'.repeat(151) })).toEqual(['title:validation.too_long']);
    expect(await fieldOf('topic:new', { content: 'x', format: 'bbcode' })).toEqual(['format:validation.invalid_value']);
    expect(await fieldOf('topic:new', { content: 'x', extra: { nested: { deep: true } } })).toEqual([
      'extra.nested:validation.invalid',
    ]);
    expect(await fieldOf('topic:new', { content: 'x', owner: other })).toEqual(['owner:validation.unknown_field']);
    // Operators and paths are no names: nothing reaches the database as a query or a nested path.
    expect(await fieldOf('topic:new', { content: 'x', extra: { $ne: null } })).toEqual([
      'extra.$ne:validation.invalid',
    ]);
    expect(await fieldOf('topic:new', { content: 'x', extra: { 'a.b': 'c' } })).toEqual([
      'extra.a.b:validation.invalid',
    ]);
    // A topic may be longer than a comment.
    expect((await save(writer, 'topic-edit:t2', { content: `<p>${'x'.repeat(20_001)}</p>` })).status).toBe(200);
    await discard(writer, 'topic-edit:t2');
  });

  it('keeps Markdown as typed and sanitizes HTML as posted content is', async () => {
    const markdown = '# Title\n\n<script>alert(1)</script> and **bold**';
    await save(writer, 'answer:q1', { content: markdown, format: 'markdown' });
    expect((await read(writer, 'answer:q1')).body).toMatchObject({ content: markdown, format: 'markdown' });
    await save(writer, 'question:new', { title: 'Q', content: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect((await read(writer, 'question:new')).body.content).toBe('<p>Hi</p>');
  });

  it('discards on request, and a second discard is no error', async () => {
    expect((await discard(writer, 'answer:q1')).status).toBe(204);
    expect((await read(writer, 'answer:q1')).status).toBe(404);
    expect((await discard(writer, 'answer:q1')).status).toBe(204);
    expect((await mine(writer)).body.items.map((item) => item.key)).not.toContain('answer:q1');
  });

  it('keeps at most 50 drafts per member: one more drops the least recently saved', async () => {
    const hoarder = await f.member(`${stem}hoarder`);
    for (let i = 0; i < 50; i++) expect((await save(hoarder, `comment:t${i}`, { content: `n${i}` })).status).toBe(200);
    expect((await mine(hoarder)).body.items).toHaveLength(50);
    // Saving a kept one again makes it the newest; it does not count twice.
    await save(hoarder, 'comment:t0', { content: 'n0 again' });
    expect((await mine(hoarder)).body.items).toHaveLength(50);
    await save(hoarder, 'topic:new', { title: 'the 51st', content: '' });
    await save(hoarder, 'question:new', { content: 'the 52nd' });
    const keys = (await mine(hoarder)).body.items.map((item) => item.key);
    expect(keys).toHaveLength(50);
    expect(keys.slice(0, 3)).toEqual(['question:new', 'topic:new', 'comment:t0']);
    expect(keys).not.toContain('comment:t1');
    expect(keys).not.toContain('comment:t2');
    expect(keys).toContain('comment:t3');
    expect((await read(hoarder, 'comment:t1')).status).toBe(404);
  });

  it('never enters search: a posted topic is found, the draft beside it is not', async () => {
    const posted = `${stem}postedword`;
    const drafted = `${stem}draftword`;
    await save(writer, 'topic:new', { title: `Draft ${drafted}`, content: `<p>${drafted} inside</p>` });
    await f.post(writer, { title: `Posted ${posted}`, content: `<p>${posted} inside</p>`, tagIds: [tagId] });
    const search = (keyword: string) =>
      t.client.as(other).get<Page<SearchResultView>>(`/api/search?keyword=${encodeURIComponent(keyword)}`);
    await eventually(async () => expect((await search(posted)).body.total).toBe(1), { intervalMs: 250 });
    expect((await search(drafted)).body.total).toBe(0);
    expect((await search(drafted)).body.items).toEqual([]);
  });

  it('seeds the demo member one draft, once however often the seed runs', async () => {
    const demo = await f.member(`${stem}demo`);
    await seedDemoDrafts(t.app, { memberId: demo, tagId });
    await seedDemoDrafts(t.app, { memberId: demo, tagId });
    const list = (await mine(demo)).body.items;
    expect(list).toEqual([expect.objectContaining({ key: 'topic:new', title: DEMO_DRAFT_TITLE })]);
    expect((await read(demo, 'topic:new')).body.extra).toEqual({ tagIds: [tagId] });
  });
});

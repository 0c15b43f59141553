import { newId, streamId } from '@forum/contracts';
import type { ErrorBody, EventEnvelope, Page } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { eventually, ForumFixture, startForum, TestApp } from '@forum/testing';
import type { DynamicsPage } from '../dynamics/dynamics.reader';
import { TopicCounters } from '../shared/counters';
import { XSS_PAYLOADS } from '../../../../libs/platform/src/content/xss-payloads';
import type { CommentPosition, CommentView, MyContentRow, ReplyView } from './comment.schemas';
import type { TopicCountersDocument } from './comments.projection';

interface Written {
  commentId?: string;
  replyId?: string;
  visible: boolean;
}

/**
 * Comments, replies, counters and dynamics over HTTP, on the real pipeline (event store →
 * Kafka → projections and the counter reactor), with real members (identity: nicknames, default roles) and
 * topics posted through the topics API.
 */
describe('comments, replies and counters over HTTP', () => {
  let f: ForumFixture;
  let t: TestApp;
  /** The forum context's event store (the same `commits` collection the app writes), to read streams. */
  let store: EventStore;
  let tagId: string;
  const ids: Record<string, string> = {};
  const nicknames: Record<string, string> = {};

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
    store = new EventStore('forum', t.db('forum'));
    tagId = await f.tag('general');
    const names = ['m1', 'm2', 'm3', 'author1'];
    for (const name of names) {
      nicknames[name] = `${name}_${Date.now().toString(36).slice(-4)}`;
      ids[name] = await f.member(nicknames[name]);
    }
  });
  afterAll(() => t.close());

  const as = (name: string) => t.client.as(ids[name] ?? name);
  const now = () => new Date();
  const meta = (id: string) => ({ actor: { kind: 'member' as const, id }, now: now(), correlationId: newId() });

  const givenTopic = (author = 'author1') =>
    f.post(ids[author]!, { title: `Topic ${newId().slice(-6)}`, content: '<p>t</p>', tagIds: [tagId] });

  const comment = async (member: string, topicId: string, content: string, quoteCommentId?: string) => {
    const response = await as(member).post<Written>(`/api/forum/topics/${topicId}/comments`, {
      content,
      ...(quoteCommentId ? { quoteCommentId } : {}),
    });
    expect(response.status).toBe(201);
    expect(response.body.visible).toBe(true);
    return response.body.commentId!;
  };
  const reply = async (member: string, commentId: string, content: string, replyToReplyId?: string) => {
    const response = await as(member).post<Written>(`/api/forum/comments/${commentId}/replies`, {
      content,
      ...(replyToReplyId ? { replyToReplyId } : {}),
    });
    expect(response.status).toBe(201);
    return response.body.replyId!;
  };
  const comments = (topicId: string, query = '', member = 'viewer') =>
    as(member).get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments${query}`);
  const counters = (topicId: string) =>
    t.db('forum').collection<TopicCountersDocument>('topic_counters').findOne({ _id: topicId });

  it('posts comments, keeps the quote chain, replies and replies to replies; counts and lists follow at once', async () => {
    const topicId = await givenTopic();
    const c1 = await comment('m1', topicId, '<p>first</p>');
    const c2 = await comment('m2', topicId, '<p>second, quoting</p>', c1);
    const c3 = await comment('m3', topicId, '<p>third, quoting the quote</p>', c2);
    const r1 = await reply('m2', c1, '<p>a reply</p>');
    const r2 = await reply('m3', c1, '<p>a reply to the reply</p>', r1);

    const page = await comments(topicId);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, page: 1 });
    expect(page.body.items.map((c) => [c.commentId, c.floor])).toEqual([
      [c1, 1],
      [c2, 2],
      [c3, 3],
    ]);
    expect(page.body.items[2]!.quotes.map((q) => [q.commentId, q.contentHtml])).toEqual([
      [c1, '<p>first</p>'],
      [c2, '<p>second, quoting</p>'],
    ]);
    const first = page.body.items[0]!;
    expect(first.replyCount).toBe(2);
    expect(first.replies.map((r) => r.replyId)).toEqual([r1, r2]);
    expect(first.replies[1]).toMatchObject({
      replyToReplyId: r1,
      replyTo: { memberId: ids.m2 },
      author: { memberId: ids.m3 },
    });

    expect(await counters(topicId)).toMatchObject({ commentCount: 3, replyCount: 2, likeCount: 0 });
    const replies = await t.client
      .anonymous()
      .get<Page<ReplyView>>(`/api/forum/comments/${c1}/replies?pageSize=1&page=2`);
    expect(replies.body).toMatchObject({ total: 2, items: [{ replyId: r2 }] });

    const mine = await as('m2').get<Page<MyContentRow>>('/api/forum/me/comments');
    expect(mine.body.items.map((row) => row.id)).toEqual([c2]);
    const myReplies = await as('m3').get<Page<MyContentRow>>('/api/forum/me/replies');
    expect(myReplies.body.items).toMatchObject([{ id: r2, commentId: c1, topicId }]);

    const dynamics = await eventually(async () => {
      const response = await t.client.anonymous().get<DynamicsPage>(`/api/forum/members/${ids.m2}/dynamics`);
      expect(response.body.items).toHaveLength(2);
      return response.body;
    });
    expect(dynamics).toMatchObject({ shown: true });
    expect(dynamics.items.map((d) => d.kind)).toEqual(['reply', 'quote']);
    const authorDynamics = await eventually(async () => {
      const response = await as('author1').get<DynamicsPage>('/api/forum/me/dynamics');
      expect(response.body.items.some((d) => d.kind === 'topic' && d.topicId === topicId)).toBe(true);
      return response.body;
    });
    expect(authorDynamics.shown).toBe(true);
  });

  it('pages a topic’s comments and tells the page of a given comment', async () => {
    const topicId = await givenTopic();
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) ids.push(await comment(`m${i % 3}`, topicId, `<p>comment ${i}</p>`));
    const position = await t.client
      .anonymous()
      .get<CommentPosition>(`/api/forum/comments/${ids[10]}/position?pageSize=5`);
    expect(position.body).toEqual({ commentId: ids[10], topicId, page: 3, pageSize: 5, floor: 11 });
    const page3 = await comments(topicId, '?page=3&pageSize=5');
    expect(page3.body).toMatchObject({ total: 12, totalPages: 3 });
    expect(page3.body.items.map((c) => c.commentId)).toEqual(ids.slice(10));
  });

  it('edits and deletes own comments and replies only; deleting updates counts and lists within read-your-writes', async () => {
    const topicId = await givenTopic();
    const keep = await comment('m1', topicId, '<p>keep</p>');
    const gone = await comment('m1', topicId, '<p>gone</p>');
    await reply('m2', gone, '<p>reply under the deleted comment</p>');
    const r = await reply('m2', keep, '<p>reply to keep</p>');
    expect(await counters(topicId)).toMatchObject({ commentCount: 2, replyCount: 2 });

    const edited = await as('m1').request<Written>('PATCH', `/api/forum/comments/${keep}`, {
      content: '<p onclick="x()">edited<script>alert(1)</script></p>',
    });
    expect(edited.status).toBe(200);
    expect((await comments(topicId)).body.items[0]).toMatchObject({ contentHtml: '<p>edited</p>' });
    expect((await comments(topicId)).body.items[0]!.editedAt).not.toBeNull();

    const foreignEdit = await as('m2').request<ErrorBody>('PATCH', `/api/forum/comments/${keep}`, { content: 'x' });
    expect([foreignEdit.status, foreignEdit.body.code]).toEqual([403, 'auth.forbidden']);
    const foreignDelete = await as('m2').request<ErrorBody>('DELETE', `/api/forum/comments/${keep}`);
    expect([foreignDelete.status, foreignDelete.body.code]).toEqual([403, 'auth.forbidden']);

    const deleted = await as('m1').request<Written>('DELETE', `/api/forum/comments/${gone}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.visible).toBe(true);
    // No waiting: the very next reads see the deletion.
    const page = await comments(topicId);
    expect(page.body.items.map((c) => c.commentId)).toEqual([keep]);
    expect(page.body.total).toBe(1);
    expect(await counters(topicId)).toMatchObject({ commentCount: 1, replyCount: 1 });
    // The topics part's own documents (detail, lists) were waited for too.
    const detail = await as('m1').get<{ commentCount: number; replyCount: number }>(`/api/forum/topics/${topicId}`);
    expect(detail.body).toMatchObject({ commentCount: 1, replyCount: 1 });
    const mine = await as('m1').get<Page<MyContentRow>>('/api/forum/me/comments');
    expect(mine.body.items.map((row) => row.id)).not.toContain(gone);

    const again = await as('m1').request<ErrorBody>('DELETE', `/api/forum/comments/${gone}`);
    expect([again.status, again.body.code]).toEqual([404, 'forum.comment_not_found']);
    const editDeleted = await as('m1').request<ErrorBody>('PATCH', `/api/forum/comments/${gone}`, { content: 'y' });
    expect([editDeleted.status, editDeleted.body.code]).toEqual([404, 'forum.comment_not_found']);
    const replyToDeleted = await as('m2').post<ErrorBody>(`/api/forum/comments/${gone}/replies`, { content: 'z' });
    expect([replyToDeleted.status, replyToDeleted.body.code]).toEqual([404, 'forum.comment_not_found']);
    const position = await t.client.anonymous().get<ErrorBody>(`/api/forum/comments/${gone}/position`);
    expect(position.status).toBe(404);

    const replyDeleted = await as('m2').request<Written>('DELETE', `/api/forum/replies/${r}`);
    expect(replyDeleted.status).toBe(200);
    expect(await counters(topicId)).toMatchObject({ commentCount: 1, replyCount: 0 });
    expect((await comments(topicId)).body.items[0]).toMatchObject({ replyCount: 0, replies: [] });
  });

  it('refuses comments on a missing or deleted topic, quotes from another topic, empty content; writes nothing', async () => {
    const topicId = await givenTopic();
    const other = await givenTopic();
    const foreign = await comment('m1', other, '<p>elsewhere</p>');
    const before = await t.db('forum').collection('commits').countDocuments();

    const missing = await as('m1').post<ErrorBody>(`/api/forum/topics/${newId()}/comments`, { content: 'x' });
    expect([missing.status, missing.body.code]).toEqual([404, 'forum.topic_not_found']);
    const quote = await as('m1').post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, {
      content: 'x',
      quoteCommentId: foreign,
    });
    expect([quote.status, quote.body.code]).toEqual([400, 'forum.quote_invalid']);
    for (const content of ['<p> </p>', '<script>alert(1)</script>', '<hide type="10" value="pw">secret</hide>']) {
      const empty = await as('m1').post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, { content });
      expect([empty.status, empty.body.code]).toEqual([400, 'forum.content_empty']);
    }
    const visitor = await t.client
      .anonymous()
      .post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, { content: 'x' });
    expect(visitor.status).toBe(401);
    expect(await t.db('forum').collection('commits').countDocuments()).toBe(before);

    expect((await as('author1').request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(200);
    const deleted = await as('m1').post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, { content: 'x' });
    expect([deleted.status, deleted.body.code]).toEqual([404, 'forum.topic_not_found']);
  });

  it('refuses comments, quotes and edits while their switches are off (with the staff message); resolves mentions', async () => {
    const topicId = await givenTopic();
    const c0 = await comment('m1', topicId, `<p>hello @${nicknames.m2} and @nobody_here</p>`);
    const [posted] = await store.readStream(streamId('comment', c0));
    expect((posted!.data as { mentions: string[] }).mentions).toEqual([ids.m2]);

    const staff = t.client.as(f.staffId, 'staff');
    const setSwitches = async (switches: Record<string, { enabled: boolean; message: string }>) =>
      expect((await staff.request('PATCH', '/api/moderation/settings', { switches })).status).toBe(200);
    await setSwitches({ comments: { enabled: false, message: 'Comments rest tonight' } });
    const closed = await eventually(async () => {
      const response = await as('m2').post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, { content: 'x' });
      expect(response.status).toBe(403);
      return response.body;
    });
    expect(closed).toMatchObject({ code: 'forum.comments_disabled', message: 'Comments rest tonight' });
    const replyClosed = await as('m2').post<ErrorBody>(`/api/forum/comments/${c0}/replies`, { content: 'x' });
    expect(replyClosed.body.code).toBe('forum.comments_disabled');

    await setSwitches({
      comments: { enabled: true, message: '' },
      quoting: { enabled: false, message: '' },
      editComments: { enabled: false, message: '' },
    });
    const quoteClosed = await eventually(async () => {
      const response = await as('m2').post<ErrorBody>(`/api/forum/topics/${topicId}/comments`, {
        content: 'x',
        quoteCommentId: c0,
      });
      expect(response.status).toBe(403);
      return response.body;
    });
    expect(quoteClosed.code).toBe('forum.quoting_disabled');
    await comment('m2', topicId, '<p>a plain comment is still fine</p>');
    const editClosed = await as('m1').request<ErrorBody>('PATCH', `/api/forum/comments/${c0}`, { content: 'edited' });
    expect([editClosed.status, editClosed.body.code]).toEqual([403, 'forum.edit_comments_disabled']);
    const deleteClosed = await as('m1').request<ErrorBody>('DELETE', `/api/forum/comments/${c0}`);
    expect(deleteClosed.body.code).toBe('forum.edit_comments_disabled');
    const staffDelete = await staff.request<Written>('DELETE', `/api/forum/comments/${c0}`);
    expect(staffDelete.status).toBe(200);

    await setSwitches({ quoting: { enabled: true, message: '' }, editComments: { enabled: true, message: '' } });
  });

  it('hides a member’s dynamics from others when they turn the switch off', async () => {
    const topicId = await givenTopic();
    await comment('m3', topicId, '<p>visible activity</p>');
    const others = () => t.client.anonymous().get<DynamicsPage>(`/api/forum/members/${ids.m3}/dynamics`);
    await eventually(async () => expect((await others()).body.items.length).toBeGreaterThan(0));
    const patched = await as('m3').request('PATCH', '/api/identity/me', { allowUserDynamic: false });
    expect(patched.status).toBe(200);
    await eventually(async () => expect((await others()).body).toMatchObject({ shown: false, items: [] }));
    const own = await as('m3').get<DynamicsPage>('/api/forum/me/dynamics');
    expect(own.body.shown).toBe(true);
    expect(own.body.items.length).toBeGreaterThan(0);
    await as('m3').request('PATCH', '/api/identity/me', { allowUserDynamic: true });
  });

  it('stores no script, handler or javascript: URL from known XSS payloads posted as comments and replies', async () => {
    const topicId = await givenTopic();
    const host = await comment('m1', topicId, '<p>host</p>');
    let stored = 0;
    for (const payload of XSS_PAYLOADS) {
      const posted = await as('m2').post<Written>(`/api/forum/topics/${topicId}/comments`, { content: payload });
      const replied = await as('m3').post<Written>(`/api/forum/comments/${host}/replies`, { content: payload });
      for (const response of [posted, replied]) {
        expect([201, 400]).toContain(response.status);
        if (response.status === 201) stored++;
      }
    }
    expect(stored).toBeGreaterThan(0);
    const html = [
      ...(await comments(topicId, '?pageSize=100')).body.items.map((c) => c.contentHtml),
      ...(
        await t.client.anonymous().get<Page<ReplyView>>(`/api/forum/comments/${host}/replies?pageSize=100`)
      ).body.items.map((r) => r.contentHtml),
    ];
    expect(html.length).toBe(stored + 1);
    for (const fragment of html) {
      expect(fragment).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style/i);
      expect(fragment).not.toMatch(/\son[a-z]+\s*=/i);
      expect(fragment).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
    }
  });

  it('documents every comments endpoint in the OpenAPI document', async () => {
    const doc = await t.client.anonymous().get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    const paths = doc.body.paths;
    for (const [path, method] of [
      ['/api/forum/topics/{topicId}/comments', 'get'],
      ['/api/forum/topics/{topicId}/comments', 'post'],
      ['/api/forum/comments/{commentId}/position', 'get'],
      ['/api/forum/comments/{commentId}', 'patch'],
      ['/api/forum/comments/{commentId}', 'delete'],
      ['/api/forum/comments/{commentId}/replies', 'post'],
      ['/api/forum/replies/{replyId}', 'delete'],
      ['/api/forum/likes/{targetKind}/{targetId}', 'put'],
      ['/api/forum/favourites/topic/{topicId}', 'delete'],
      ['/api/forum/topics/{topicId}/likers', 'get'],
      ['/api/forum/me/likes', 'get'],
      ['/api/forum/members/{memberId}/dynamics', 'get'],
    ] as const) {
      expect(paths[path]?.[method]).toBeDefined();
    }
  });

  it('counts nothing twice when the reactor gets the same event again, and heals an event never counted inline', async () => {
    const topicId = await givenTopic();
    const c = await comment('m1', topicId, '<p>once</p>');
    const [posted] = await store.readStream(streamId('comment', c));
    const topicCounters = t.app.get(TopicCounters);
    const reactor = topicCounters.reactor();
    await reactor.handle(posted as EventEnvelope);
    await reactor.handle(posted as EventEnvelope);
    const again = await topicCounters.count(posted as EventEnvelope);
    expect(again?.replayed).toBe(true);
    expect(await store.readStream(streamId('topicCounters', topicId))).toHaveLength(1);
    expect(await counters(topicId)).toMatchObject({ commentCount: 1 });

    // A comment appended without the inline count (as if the process died right after its append):
    // the reactor, consuming forum.comment from Kafka, counts it.
    const orphan = newId();
    await store.append(
      streamId('comment', orphan),
      0,
      [
        {
          type: 'CommentPosted',
          data: {
            commentId: orphan,
            topicId,
            authorId: ids.m3!,
            contentHtml: '<p>orphan</p>',
            quotedCommentId: null,
            quoteChain: [],
            mentions: [],
            postedAt: now().toISOString(),
            isStaff: false,
          },
        },
      ],
      meta(ids.m3!),
    );
    await eventually(async () => expect(await counters(topicId)).toMatchObject({ commentCount: 2 }));
    expect(await store.readStream(streamId('topicCounters', topicId))).toHaveLength(2);
  });
});

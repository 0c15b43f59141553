import type { Page } from '@forum/contracts';
import { eventually, ForumFixture, sharedEnv, startForum, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import type { CommentView } from '../comments/comment.schemas';
import { ForumModule } from '../forum.module';
import { TOPIC_READS } from './lists/topic-reads';
import type { TopicPageView } from './topic-page';
import type { TopicDetail } from './topic.schemas';

const SECRET = 'PAGE-SECRET-5c1d';
const PASSWORD = 'page-password-1';

/**
 * `GET /api/forum/topics/:id/page` (the topic page's first paint in one request) is served from the thread cache
 * (ADR 0028). What each reader sees must be what the detail and comments routes answer, and every change must show:
 * to its author in the answer to their write's next read, to other readers within 500 ms (here: on the same
 * replica at once; on another replica that runs no projections, within the cache's lifetime), hidden blocks never
 * before unlock.
 */
describe('the topic page endpoint and its cache', () => {
  let f: ForumFixture;
  let author: string;
  let reader: string;
  let other: string;
  let tagId: string;
  let topicId: string;

  const pageOf = (client: ForumFixture['t']['client'], page = 1) =>
    client.get<TopicPageView>(`/api/forum/topics/${topicId}/page?page=${page}&pageSize=20`);

  beforeAll(async () => {
    f = await startForum();
    author = await f.member('page_author');
    reader = await f.member('page_reader');
    other = await f.member('page_other');
    tagId = await f.tag('Page cache');
    topicId = await f.post(author, {
      title: 'A page to cache',
      content: `<p>Opening words</p><hide type="10" value="${PASSWORD}"><p>${SECRET}</p></hide>`,
      tagIds: [tagId],
    });
    const first = await f.t.client.as(other).post(`/api/forum/topics/${topicId}/comments`, { content: '<p>One</p>' });
    expect(first.status).toBe(201);
  });
  afterAll(() => f.t.close());

  it('answers what the detail and the comments page answer, for a visitor and for a member', async () => {
    for (const client of [f.t.client.anonymous(), f.t.client.as(reader)]) {
      const [page, detail, comments] = await Promise.all([
        pageOf(client),
        client.get<TopicDetail>(`/api/forum/topics/${topicId}`),
        client.get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments?page=1&pageSize=20`),
      ]);
      expect(page.status).toBe(200);
      const { readCount: _a, viewCount: _b, ...shown } = page.body.topic;
      const { readCount: _c, viewCount: _d, ...expected } = detail.body;
      expect(shown).toEqual(expected);
      expect(page.body.comments).toEqual(comments.body);
      expect(JSON.stringify(page.body)).not.toContain(SECRET);
      expect(JSON.stringify(page.body)).not.toContain(PASSWORD);
    }
  });

  it('answers each member what the detail and comments routes answer, with their own likes and favourite', async () => {
    const t = await f.post(author, { title: 'Marks on a shared page', content: '<p>Marks</p>', tagIds: [tagId] });
    const commented = await f.t.client.as(author).post<{ commentId: string }>(`/api/forum/topics/${t}/comments`, {
      content: '<p>First</p>',
    });
    await f.t.client.as(other).post(`/api/forum/topics/${t}/comments`, { content: '<p>Second</p>' });
    const reply = await f.t.client
      .as(other)
      .post<{ replyId: string }>(`/api/forum/comments/${commented.body.commentId}/replies`, { content: '<p>Re</p>' });
    expect(reply.status).toBe(201);
    // The reader likes the topic, the first comment and its reply and favourites the topic; `other` likes nothing.
    for (const url of [
      `/api/forum/likes/topic/${t}`,
      `/api/forum/likes/comment/${commented.body.commentId}`,
      `/api/forum/likes/reply/${reply.body.replyId}`,
      `/api/forum/favourites/topic/${t}`,
    ])
      expect((await f.t.client.as(reader).request('PUT', url)).status).toBe(200);
    for (const [client, likes] of [
      [f.t.client.as(reader), 3],
      [f.t.client.as(other), 0],
      [f.t.client.as(f.staffId, 'staff'), 0],
    ] as const) {
      const [page, detail, comments] = await Promise.all([
        client.get<TopicPageView>(`/api/forum/topics/${t}/page?page=1&pageSize=20`),
        client.get<TopicDetail>(`/api/forum/topics/${t}`),
        client.get<Page<CommentView>>(`/api/forum/topics/${t}/comments?page=1&pageSize=20`),
      ]);
      const { readCount: _a, viewCount: _b, ...shown } = page.body.topic;
      const { readCount: _c, viewCount: _d, ...expected } = detail.body;
      expect(shown).toEqual(expected);
      expect(page.body.comments).toEqual(comments.body);
      const liked = [
        page.body.topic.likedByMe,
        ...page.body.comments.items.flatMap((c) => [c.likedByMe, ...c.replies.map((r) => r.likedByMe)]),
      ];
      expect(liked.filter(Boolean)).toHaveLength(likes);
      expect(page.body.topic.favouritedByMe).toBe(likes > 0);
    }
  });

  it("shows an author's new nickname on the pages their cards are on, cached or not", async () => {
    const commenter = await f.member('page_renamed');
    const t = await f.post(author, { title: 'Cards on a page', content: '<p>Cards</p>', tagIds: [tagId] });
    const url = `/api/forum/topics/${t}/page?page=1&pageSize=20`;
    expect(
      (await f.t.client.as(commenter).post(`/api/forum/topics/${t}/comments`, { content: '<p>Hi</p>' })).status,
    ).toBe(201);
    // Cached for a visitor and as a member's template; the commenter then writes elsewhere (that keeps them).
    for (const client of [f.t.client.anonymous(), f.t.client.as(other)])
      expect((await client.get<TopicPageView>(url)).body.comments.items[0]!.author.nickname).toBe('page_renamed');
    expect(
      (await f.t.client.as(commenter).post(`/api/forum/topics/${topicId}/comments`, { content: '<p>x</p>' })).status,
    ).toBe(201);
    const renamed = await f.t.client.as(commenter).request('PATCH', '/api/identity/me', { nickname: 'page_renamed2' });
    expect(renamed.status).toBe(200);
    await eventually(async () => {
      for (const client of [f.t.client.anonymous(), f.t.client.as(other)])
        expect((await client.get<TopicPageView>(url)).body.comments.items[0]!.author.nickname).toBe('page_renamed2');
    });
  });

  it('shows an unlocked block to the member who unlocked it at once, and to nobody else', async () => {
    expect(JSON.stringify((await pageOf(f.t.client.as(reader))).body)).not.toContain(SECRET);
    const unlocked = await f.t.client
      .as(reader)
      .post(`/api/forum/topics/${topicId}/unlock`, { type: 10, password: PASSWORD });
    expect(unlocked.status).toBe(200);
    const mine = await pageOf(f.t.client.as(reader));
    expect(mine.body.topic.content).toContain(SECRET);
    expect(mine.body.topic.hiddenBlocks[0]!.unlocked).toBe(true);
    for (const client of [f.t.client.anonymous(), f.t.client.as(other)]) {
      const body = JSON.stringify((await pageOf(client)).body);
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(PASSWORD);
    }
  });

  it('opens a comment-only block to a member on the view right after their comment, and to nobody else', async () => {
    const marker = 'FOR-COMMENTERS-9e2a';
    const commented = await f.post(author, {
      title: 'Comment to read on',
      content: `<p>Intro</p><hide type="20"><p>${marker}</p></hide>`,
      tagIds: [tagId],
    });
    const url = `/api/forum/topics/${commented}/page?page=1&pageSize=20`;
    // Viewed (and its "not commented" remembered) before the comment.
    expect(JSON.stringify((await f.t.client.as(reader).get<TopicPageView>(url)).body)).not.toContain(marker);
    const comment = await f.t.client
      .as(reader)
      .post(`/api/forum/topics/${commented}/comments`, { content: '<p>Thanks</p>' });
    expect(comment.status).toBe(201);
    const mine = await f.t.client.as(reader).get<TopicPageView>(url);
    expect(mine.body.topic.content).toContain(marker);
    expect(mine.body.topic.hiddenBlocks[0]!.unlocked).toBe(true);
    for (const client of [f.t.client.anonymous(), f.t.client.as(other)])
      expect(JSON.stringify((await client.get<TopicPageView>(url)).body)).not.toContain(marker);
  });

  it("shows the author's edit at once, to the author and to a visitor whose page was cached", async () => {
    expect((await pageOf(f.t.client.anonymous())).body.topic.title).toBe('A page to cache');
    const edited = await f.t.client.as(author).request('PATCH', `/api/forum/topics/${topicId}`, {
      title: 'A page edited',
      content: `<p>New words</p><hide type="10" value="${PASSWORD}"><p>${SECRET}</p></hide>`,
      tagIds: [tagId],
    });
    expect(edited.status).toBe(200);
    for (const client of [f.t.client.as(author), f.t.client.anonymous()]) {
      const page = await pageOf(client);
      expect(page.body.topic.title).toBe('A page edited');
      expect(page.body.topic.content).toContain('New words');
    }
    // A visitor still never gets the block, a block retyped or rewritten by the edit stays what the reader opened.
    expect(JSON.stringify((await pageOf(f.t.client.anonymous())).body)).not.toContain(SECRET);
  });

  it('shows a new comment to its author at once and to a cached visitor page within the cache lifetime', async () => {
    const before = await pageOf(f.t.client.anonymous());
    const posted = await f.t.client
      .as(reader)
      .post<{ commentId: string; visible: boolean }>(`/api/forum/topics/${topicId}/comments`, {
        content: '<p>A fresh comment</p>',
      });
    expect(posted.status).toBe(201);
    const answered = Date.now();
    const mine = await pageOf(f.t.client.as(reader));
    expect(mine.body.comments.items.map((c) => c.commentId)).toContain(posted.body.commentId);
    expect(mine.body.comments.total).toBe(before.body.comments.total + 1);
    await eventually(async () => {
      const theirs = await pageOf(f.t.client.anonymous());
      expect(theirs.body.comments.items.map((c) => c.commentId)).toContain(posted.body.commentId);
    });
    expectShownSoon('a cached visitor page on the same replica', answered);
  });

  it("shows a member's like on their page at once", async () => {
    const page = await pageOf(f.t.client.as(reader));
    const target = page.body.comments.items[0]!;
    expect(target.likedByMe).toBe(false);
    const liked = await f.t.client.as(reader).request('PUT', `/api/forum/likes/comment/${target.commentId}`);
    expect(liked.status).toBe(200);
    const after = await pageOf(f.t.client.as(reader));
    const shown = after.body.comments.items.find((c) => c.commentId === target.commentId)!;
    expect(shown.likedByMe).toBe(true);
    expect(shown.likeCount).toBe(target.likeCount + 1);
    // Only theirs: another member's page does not show it as liked by them.
    const others = await pageOf(f.t.client.as(other));
    expect(others.body.comments.items.find((c) => c.commentId === target.commentId)!.likedByMe).toBe(false);
  });

  it('counts a read once per viewer per day without the answer waiting for it, and stores it', async () => {
    const counted = await f.post(author, { title: 'Counted on the page', content: '<p>c</p>', tagIds: [tagId] });
    const url = `/api/forum/topics/${counted}/page`;
    const first = await f.t.client.as(other).get<TopicPageView>(url);
    expect(first.body.topic.readCount).toBe(1);
    await f.t.client.as(other).get(url);
    const again = await f.t.client.as(reader).get<TopicPageView>(url);
    expect(again.body.topic.readCount).toBe(2);
    const reads = f.t.db('forum').collection<{ _id: string; readCount: number }>(TOPIC_READS);
    await eventually(async () => expect((await reads.findOne({ _id: counted }))?.readCount).toBe(2));
  });

  describe('on a second replica that runs no projections', () => {
    let replica: TestApp;
    beforeAll(async () => {
      replica = await startTestApp(['identity', 'moderation', ForumModule], {
        env: { ...sharedEnv(f.t.config), RUN_WORKERS: 'false' },
      });
    });
    afterAll(() => replica.close());

    it('shows a comment written on the first within the cache lifetime of its answer', async () => {
      expect((await pageOf(replica.client.anonymous())).status).toBe(200);
      expect((await pageOf(replica.client.as(other))).status).toBe(200);
      const posted = await f.t.client
        .as(other)
        .post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, { content: '<p>From elsewhere</p>' });
      expect(posted.status).toBe(201);
      const answered = Date.now();
      await eventually(async () => {
        for (const client of [replica.client.anonymous(), replica.client.as(other)]) {
          const page = await pageOf(client);
          expect(page.body.comments.items.map((c) => c.commentId)).toContain(posted.body.commentId);
        }
      });
      expectShownSoon('a second replica', answered);
    });
  });
});

/**
 * The cache's lifetime (THREAD_CACHE_TTL_MS) plus a recompute: 500 ms on a quiet machine, which bench/forum measures.
 * This starved host (docs/testing.md) stretches it to seconds, so the test holds only what a stuck cache would break:
 * a page that never refreshes, or refreshes on a lifetime far longer than the one chosen, is still seen.
 */
function expectShownSoon(where: string, answeredAt: number): void {
  const delay = Date.now() - answeredAt;
  console.log(`topic page: a new comment shown on ${where} ${delay} ms after its answer`);
  expect(delay).toBeLessThanOrEqual(5_000);
}

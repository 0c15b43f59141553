import type { ErrorBody, Page } from '@forum/contracts';
import { SiteSettingsCache } from '@forum/platform';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import type { CommentView, ReplyView } from '../comments/comment.schemas';
import { ForumModule } from '../forum.module';
import type { PostedTopic, TopicDetail, TopicRow } from '../topics/topic.schemas';
import type { ReviewRow } from './review.schemas';

interface Written {
  commentId?: string;
  replyId?: string;
  visible: boolean;
  pending?: boolean;
}
interface StaffRow {
  id: string;
  commentId: string | null;
  contentHtml: string;
  deleted: boolean;
}
interface Decision {
  id: string;
  status: string;
  visible: boolean;
}

/**
 * The review queue over HTTP (ADR 0014): with review on, a member's topic, comment or reply is held; the public
 * never sees it, counts ignore it, its author sees it as pending (in their submissions and inline in the thread); staff approve (then it is posted, counted and
 * listed) or reject (then it never appears).
 */
describe('review queue over HTTP', () => {
  let f: ForumFixture;
  let tagId: string;
  let alice: string;
  let bob: string;
  let staffTopic: string;

  beforeAll(async () => {
    f = await startForum();
    tagId = await f.tag('reviewed');
    const suffix = Date.now().toString(36).slice(-4);
    alice = await f.member(`alice_${suffix}`);
    bob = await f.member(`bob_${suffix}`);
    staffTopic = await f.post(f.staffId, { title: 'Staff topic', content: '<p>s</p>', tagIds: [tagId] });
    const changed = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { review: { topics: true, comments: true, replies: true } });
    expect(changed.status).toBe(200);
    const settings = f.t.app.select(ForumModule).get(SiteSettingsCache);
    await eventually(async () =>
      expect(settings.current().review).toMatchObject({ topics: true, comments: true, replies: true }),
    );
  });
  afterAll(() => f.t.close());

  const staff = () => f.t.client.as(f.staffId, 'staff');
  const publicList = async () =>
    (await f.t.client.anonymous().get<Page<TopicRow>>('/api/forum/topics?pageSize=100')).body.items.map(
      (r) => r.topicId,
    );
  const commentIds = async (topicId: string) =>
    (await f.t.client.anonymous().get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments`)).body.items.map(
      (c) => c.commentId,
    );
  const queue = async (kind: string) =>
    (await staff().get<Page<ReviewRow>>(`/api/forum/staff/review?kind=${kind}`)).body.items.map((row) => row.id);

  it('holds a member topic until staff approve it; staff topics are never held', async () => {
    const posted = await f.t.client
      .as(alice)
      .post<PostedTopic>('/api/forum/topics', { title: 'Held topic', content: '<p>wait</p>', tagIds: [tagId] });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ pending: true, visible: true });
    const topicId = posted.body.topicId;

    expect(await publicList()).not.toContain(topicId);
    expect((await f.t.client.anonymous().get(`/api/forum/topics/${topicId}`)).status).toBe(404);
    expect((await f.t.client.as(bob).get(`/api/forum/topics/${topicId}`)).status).toBe(404);
    const mine = await f.t.client.as(alice).get<Page<ReviewRow>>('/api/forum/me/submissions?kind=topic');
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: topicId, pending: true, status: 'pending', title: 'Held topic' }),
    ]);
    expect((await f.t.client.as(bob).get<Page<ReviewRow>>('/api/forum/me/submissions?kind=topic')).body.total).toBe(0);
    expect(await queue('topic')).toContain(topicId);
    expect(await queue('comment')).not.toContain(topicId);

    // Members cannot reach the queue or decide.
    expect((await f.t.client.as(alice).get('/api/forum/staff/review?kind=topic')).status).toBe(403);
    expect((await f.t.client.as(alice).post(`/api/forum/staff/review/topic/${topicId}/approve`, {})).status).toBe(403);

    const approved = await staff().post<Decision>(`/api/forum/staff/review/topic/${topicId}/approve`, {});
    expect([approved.status, approved.body.status, approved.body.visible]).toEqual([200, 'approved', true]);
    expect(await publicList()).toContain(topicId);
    const detail = await f.t.client.anonymous().get<TopicDetail>(`/api/forum/topics/${topicId}`);
    expect([detail.status, detail.body.title, detail.body.authorId]).toEqual([200, 'Held topic', alice]);
    expect(await queue('topic')).not.toContain(topicId);
    const again = await staff().post<ErrorBody>(`/api/forum/staff/review/topic/${topicId}/approve`, {});
    expect([again.status, again.body.code]).toEqual([409, 'forum.submission_decided']);

    const byStaff = await staff().post<PostedTopic>('/api/forum/topics', {
      title: 'Staff post',
      content: '<p>now</p>',
      tagIds: [tagId],
    });
    expect(byStaff.body.pending).toBeUndefined();
    expect(await publicList()).toContain(byStaff.body.topicId);
  });

  it('counts a held comment only once approved, and never shows a rejected reply', async () => {
    const held = await f.t.client
      .as(alice)
      .post<Written>(`/api/forum/topics/${staffTopic}/comments`, { content: '<p>first!</p>' });
    expect([held.status, held.body.pending]).toEqual([201, true]);
    const commentId = held.body.commentId!;
    expect(await commentIds(staffTopic)).not.toContain(commentId);
    // Its author sees it inline in the thread, marked pending review; other members do not.
    const thread = async (memberId: string) =>
      (await f.t.client.as(memberId).get<Page<CommentView>>(`/api/forum/topics/${staffTopic}/comments`)).body.items;
    expect(await thread(alice)).toEqual([
      expect.objectContaining({ commentId, pending: true, floor: 0, contentHtml: '<p>first!</p>' }),
    ]);
    expect(await thread(bob)).toEqual([]);
    const before = await f.t.client.anonymous().get<TopicDetail>(`/api/forum/topics/${staffTopic}`);
    expect(before.body.commentCount).toBe(0);
    expect(await queue('comment')).toContain(commentId);

    const approved = await staff().post<Decision>(`/api/forum/staff/review/comment/${commentId}/approve`, {});
    expect([approved.status, approved.body.visible]).toEqual([200, true]);
    expect(await commentIds(staffTopic)).toEqual([commentId]);
    const [published] = await thread(alice);
    expect([published?.floor, published?.pending]).toEqual([1, undefined]);
    const after = await f.t.client.anonymous().get<TopicDetail>(`/api/forum/topics/${staffTopic}`);
    expect(after.body.commentCount).toBe(1);

    const reply = await f.t.client
      .as(bob)
      .post<Written>(`/api/forum/comments/${commentId}/replies`, { content: '<p>spam spam</p>' });
    expect([reply.status, reply.body.pending]).toEqual([201, true]);
    const replyId = reply.body.replyId!;
    expect(await queue('reply')).toContain(replyId);

    const noReason = await staff().post<ErrorBody>(`/api/forum/staff/review/reply/${replyId}/reject`, { reason: '' });
    expect(noReason.status).toBe(400);
    const rejected = await staff().post<Decision>(`/api/forum/staff/review/reply/${replyId}/reject`, {
      reason: 'Spam',
    });
    expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
    expect(await queue('reply')).not.toContain(replyId);
    const replies = await f.t.client.anonymous().get<Page<ReplyView>>(`/api/forum/comments/${commentId}/replies`);
    expect(replies.body.items.map((r) => r.replyId)).not.toContain(replyId);
    const bobs = await f.t.client.as(bob).get<Page<ReviewRow>>('/api/forum/me/submissions?kind=reply');
    expect(bobs.body.items).toEqual([
      expect.objectContaining({ id: replyId, status: 'rejected', pending: false, reason: 'Spam' }),
    ]);
    const late = await staff().post<ErrorBody>(`/api/forum/staff/review/reply/${replyId}/approve`, {});
    expect([late.status, late.body.code]).toEqual([409, 'forum.submission_decided']);
    const unknown = await staff().post<ErrorBody>(`/api/forum/staff/review/topic/${replyId}/approve`, {});
    expect([unknown.status, unknown.body.code]).toEqual([404, 'forum.submission_not_found']);
    const topic = await f.t.client.anonymous().get<TopicDetail>(`/api/forum/topics/${staffTopic}`);
    expect(topic.body.commentCount).toBe(1);
  });

  it('refuses to approve a comment whose topic was deleted while it waited; it can still be rejected', async () => {
    const topicId = await f.post(f.staffId, { title: 'Short-lived', content: '<p>s</p>', tagIds: [tagId] });
    const held = await f.t.client.as(bob).post<Written>(`/api/forum/topics/${topicId}/comments`, { content: 'late' });
    expect(held.body.pending).toBe(true);
    expect((await staff().request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(200);
    const refused = await staff().post<ErrorBody>(
      `/api/forum/staff/review/comment/${held.body.commentId!}/approve`,
      {},
    );
    expect([refused.status, refused.body.code]).toEqual([404, 'forum.topic_not_found']);
    expect(await queue('comment')).toContain(held.body.commentId);
    const rejected = await staff().post<Decision>(`/api/forum/staff/review/comment/${held.body.commentId!}/reject`, {
      reason: 'Topic gone',
    });
    expect(rejected.status).toBe(200);
    expect(await queue('comment')).not.toContain(held.body.commentId);
  });

  it('gives staff every comment and reply, deleted ones too, and members no access', async () => {
    const topicId = await f.post(f.staffId, { title: 'Staff lists', content: '<p>l</p>', tagIds: [tagId] });
    const written = await staff().post<Written>(`/api/forum/topics/${topicId}/comments`, { content: '<p>c1</p>' });
    const second = await staff().post<Written>(`/api/forum/topics/${topicId}/comments`, { content: '<p>c2</p>' });
    const reply = await staff().post<Written>(`/api/forum/comments/${written.body.commentId!}/replies`, {
      content: '<p>r1</p>',
    });
    expect((await staff().request('DELETE', `/api/forum/comments/${second.body.commentId!}`)).status).toBe(200);

    const comments = await staff().get<Page<StaffRow>>(`/api/forum/staff/comments?topicId=${topicId}`);
    expect(comments.body.items.map((row) => [row.id, row.deleted])).toEqual([
      [second.body.commentId, true],
      [written.body.commentId, false],
    ]);
    const live = await staff().get<Page<StaffRow>>(`/api/forum/staff/comments?topicId=${topicId}&status=live`);
    expect(live.body.items.map((row) => row.id)).toEqual([written.body.commentId]);
    const replies = await staff().get<Page<StaffRow>>(`/api/forum/staff/replies?topicId=${topicId}`);
    expect(replies.body.items).toEqual([
      expect.objectContaining({ id: reply.body.replyId, commentId: written.body.commentId, contentHtml: '<p>r1</p>' }),
    ]);
    expect((await f.t.client.as(alice).get('/api/forum/staff/comments')).status).toBe(403);
    expect((await f.t.client.anonymous().get('/api/forum/staff/replies')).status).toBe(401);
  });
});

import type { ErrorBody, Page } from '@forum/contracts';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import type { DynamicsPage } from '../dynamics/dynamics.reader';
import type { CommentView, ReplyView } from './comment.schemas';

interface Written {
  commentId?: string;
  replyId?: string;
  visible: boolean;
}
interface Counts {
  commentCount: number;
  replyCount: number;
}

/**
 * Staff restore of a deleted comment or reply over HTTP (issue 5's console): the comment is listed again and
 * the topic's counts come back exactly once, with the replies it kept, and it is back in its author's dynamics;
 * members may not restore, and a live comment or reply cannot be restored.
 */
describe('restoring deleted comments and replies', () => {
  let f: ForumFixture;
  let tagId: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    f = await startForum();
    tagId = await f.tag('restore');
    const suffix = Date.now().toString(36).slice(-4);
    alice = await f.member(`alice_${suffix}`);
    bob = await f.member(`bob_${suffix}`);
  });
  afterAll(() => f.t.close());

  const staff = () => f.t.client.as(f.staffId, 'staff');
  const as = (memberId: string) => f.t.client.as(memberId);
  const counts = async (topicId: string): Promise<Counts> => {
    const detail = await f.t.client.anonymous().get<Counts>(`/api/forum/topics/${topicId}`);
    return { commentCount: detail.body.commentCount, replyCount: detail.body.replyCount };
  };
  const listed = async (topicId: string) =>
    (await f.t.client.anonymous().get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments`)).body.items;
  /** Waits until alice's own dynamics (the "my activity" list) do or do not show the item. */
  const inAliceDynamics = (id: string, shown: boolean) =>
    eventually(async () => {
      const items = (await as(alice).get<DynamicsPage>('/api/forum/me/dynamics')).body.items;
      expect(items.some((item) => (item.replyId ?? item.commentId) === id)).toBe(shown);
      return true;
    });
  const write = async (path: string, content: string) => {
    const response = await as(alice).post<Written>(path, { content });
    expect(response.status).toBe(201);
    return response.body;
  };

  it('brings a deleted comment back with its replies, counted once; members get 403; live ones are refused', async () => {
    const topicId = await f.post(alice, { title: 'Restore me', content: '<p>t</p>', tagIds: [tagId] });
    const { commentId } = await write(`/api/forum/topics/${topicId}/comments`, '<p>keep me</p>');
    await write(`/api/forum/topics/${topicId}/comments`, '<p>other</p>');
    await write(`/api/forum/comments/${commentId}/replies`, '<p>r1</p>');
    await write(`/api/forum/comments/${commentId}/replies`, '<p>r2</p>');
    expect(await counts(topicId)).toEqual({ commentCount: 2, replyCount: 2 });

    const live = await staff().post<ErrorBody>(`/api/forum/comments/${commentId}/restore`, {});
    expect([live.status, live.body.code]).toEqual([409, 'forum.comment_not_deleted']);

    expect((await as(alice).request('DELETE', `/api/forum/comments/${commentId}`)).status).toBe(200);
    expect(await counts(topicId)).toEqual({ commentCount: 1, replyCount: 0 });
    expect((await listed(topicId)).map((c) => c.commentId)).not.toContain(commentId);
    await inAliceDynamics(commentId!, false);

    // The author herself (a member) and any other member are refused.
    expect((await as(alice).post(`/api/forum/comments/${commentId}/restore`, {})).status).toBe(403);
    expect((await as(bob).post(`/api/forum/comments/${commentId}/restore`, {})).status).toBe(403);
    expect(await counts(topicId)).toEqual({ commentCount: 1, replyCount: 0 });

    const restored = await staff().post<Written>(`/api/forum/comments/${commentId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ commentId, visible: true });
    expect(await counts(topicId)).toEqual({ commentCount: 2, replyCount: 2 });
    const comment = (await listed(topicId)).find((c) => c.commentId === commentId);
    expect(comment).toMatchObject({ contentHtml: '<p>keep me</p>', replyCount: 2 });
    await inAliceDynamics(commentId!, true);

    // A second restore is refused and moves nothing.
    const again = await staff().post<ErrorBody>(`/api/forum/comments/${commentId}/restore`, {});
    expect([again.status, again.body.code]).toEqual([409, 'forum.comment_not_deleted']);
    expect(await counts(topicId)).toEqual({ commentCount: 2, replyCount: 2 });

    const unknown = await staff().post<ErrorBody>(
      `/api/forum/comments/0190f0e0-0000-7000-8000-000000000000/restore`,
      {},
    );
    expect(unknown.status).toBe(404);
  });

  it('brings a deleted reply back under its comment', async () => {
    const topicId = await f.post(alice, { title: 'Restore a reply', content: '<p>t</p>', tagIds: [tagId] });
    const { commentId } = await write(`/api/forum/topics/${topicId}/comments`, '<p>c</p>');
    const { replyId } = await write(`/api/forum/comments/${commentId}/replies`, '<p>the reply</p>');
    const replies = async () =>
      (await f.t.client.anonymous().get<Page<ReplyView>>(`/api/forum/comments/${commentId}/replies`)).body.items;

    const live = await staff().post<ErrorBody>(`/api/forum/replies/${replyId}/restore`, {});
    expect([live.status, live.body.code]).toEqual([409, 'forum.reply_not_deleted']);

    expect((await as(alice).request('DELETE', `/api/forum/replies/${replyId}`)).status).toBe(200);
    expect(await counts(topicId)).toEqual({ commentCount: 1, replyCount: 0 });
    expect(await replies()).toEqual([]);
    expect((await as(alice).post(`/api/forum/replies/${replyId}/restore`, {})).status).toBe(403);

    const restored = await staff().post<Written>(`/api/forum/replies/${replyId}/restore`, {});
    expect([restored.status, restored.body.visible]).toEqual([200, true]);
    expect(await counts(topicId)).toEqual({ commentCount: 1, replyCount: 1 });
    expect((await replies()).map((r) => [r.replyId, r.contentHtml])).toEqual([[replyId, '<p>the reply</p>']]);
    await inAliceDynamics(replyId!, true);
  });
});

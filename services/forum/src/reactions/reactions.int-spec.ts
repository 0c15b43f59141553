import { newId, streamId } from '@forum/contracts';
import type { ErrorBody, Page } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { eventually, ForumFixture, startForum, TestApp } from '@forum/testing';
import type { CommentView } from '../comments/comment.schemas';
import type { TopicCountersDocument } from '../comments/comments.projection';
import type { MyFavouriteRow, MyLikeRow, ReactorRow } from './reaction.schemas';

interface LikeState {
  liked: boolean;
  likeCount: number;
}

/**
 * Likes and favourites over HTTP on the real pipeline (event store → Kafka → projections and the counter
 * reactor), on comments and replies posted through their routes by real members.
 */
describe('likes and favourites over HTTP', () => {
  let f: ForumFixture;
  let t: TestApp;
  /** The forum context's event store (the same `commits` collection the app writes), to read streams. */
  let store: EventStore;
  let tagId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
    store = new EventStore('forum', t.db('forum'));
    tagId = await f.tag('general');
    const names = [
      'm1',
      'm2',
      'm3',
      'author1',
      'author2',
      'toggler',
      ...Array.from({ length: 20 }, (_, i) => `fan${i}`),
    ];
    for (const name of names) ids[name] = await f.member(`${name}_${Date.now().toString(36).slice(-4)}`);
  });
  afterAll(() => t.close());

  const as = (name: string) => t.client.as(ids[name] ?? name);

  const givenTopic = (author = 'author1') =>
    f.post(ids[author]!, { title: `Topic ${newId().slice(-6)}`, content: '<p>t</p>', tagIds: [tagId] });

  const comment = async (member: string, topicId: string, content: string) => {
    const response = await as(member).post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, { content });
    expect(response.status).toBe(201);
    return response.body.commentId;
  };
  const reply = async (member: string, commentId: string, content: string) => {
    const response = await as(member).post<{ replyId: string }>(`/api/forum/comments/${commentId}/replies`, {
      content,
    });
    expect(response.status).toBe(201);
    return response.body.replyId;
  };
  const comments = (topicId: string, member: string) =>
    as(member).get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments`);
  const counters = (topicId: string) =>
    t.db('forum').collection<TopicCountersDocument>('topic_counters').findOne({ _id: topicId });

  it('toggles likes and favourites idempotently, lists them, and shows likers to the topic author only', async () => {
    const topicId = await givenTopic('author2');
    const c = await comment('m2', topicId, '<p>likeable</p>');
    const r = await reply('m2', c, '<p>likeable reply</p>');
    const m1 = as('m1');
    const likeTopic = (method: 'PUT' | 'DELETE') => m1.request<LikeState>(method, `/api/forum/likes/topic/${topicId}`);

    expect((await likeTopic('PUT')).body).toMatchObject({ liked: true, likeCount: 1 });
    expect((await likeTopic('PUT')).body).toMatchObject({ liked: true, likeCount: 1 });
    expect((await likeTopic('DELETE')).body).toMatchObject({ liked: false, likeCount: 0 });
    expect((await likeTopic('DELETE')).body).toMatchObject({ liked: false, likeCount: 0 });
    expect((await likeTopic('PUT')).body).toMatchObject({ liked: true, likeCount: 1 });
    expect((await m1.request<LikeState>('PUT', `/api/forum/likes/comment/${c}`)).body).toMatchObject({ likeCount: 1 });
    expect((await m1.request<LikeState>('PUT', `/api/forum/likes/reply/${r}`)).body).toMatchObject({ likeCount: 1 });
    const fav = await m1.request<{ favourited: boolean; favoriteCount: number }>(
      'PUT',
      `/api/forum/favourites/topic/${topicId}`,
    );
    expect(fav.body).toMatchObject({ favourited: true, favoriteCount: 1 });

    expect(await counters(topicId)).toMatchObject({ likeCount: 1, favoriteCount: 1, commentCount: 1, replyCount: 1 });
    const seenByM1 = (await comments(topicId, 'm1')).body.items[0]!;
    expect(seenByM1).toMatchObject({ likeCount: 1, likedByMe: true, replies: [{ likeCount: 1, likedByMe: true }] });
    expect((await comments(topicId, 'm2')).body.items[0]).toMatchObject({ likeCount: 1, likedByMe: false });
    // The topic page starts its like and favourite buttons in the reader's state.
    const detail = (reader: string) =>
      as(reader).get<{ likedByMe: boolean; favouritedByMe: boolean }>(`/api/forum/topics/${topicId}`);
    await eventually(async () =>
      expect((await detail('m1')).body).toMatchObject({ likedByMe: true, favouritedByMe: true }),
    );
    expect((await detail('m2')).body).toMatchObject({ likedByMe: false, favouritedByMe: false });

    const likes = await m1.get<Page<MyLikeRow>>('/api/forum/me/likes');
    expect(likes.body.items.map((row) => [row.targetKind, row.targetId])).toEqual([
      ['reply', r],
      ['comment', c],
      ['topic', topicId],
    ]);
    const favourites = await m1.get<Page<MyFavouriteRow>>('/api/forum/me/favourites');
    expect(favourites.body.items.map((row) => row.topicId)).toEqual([topicId]);

    const likers = await eventually(async () => {
      const response = await as('author2').get<Page<ReactorRow>>(`/api/forum/topics/${topicId}/likers`);
      expect(response.status).toBe(200);
      return response.body;
    });
    expect(likers.items.map((row) => row.member.memberId)).toEqual([ids.m1]);
    const favouriters = await as('author2').get<Page<ReactorRow>>(`/api/forum/topics/${topicId}/favouriters`);
    expect(favouriters.body.items.map((row) => row.member.memberId)).toEqual([ids.m1]);
    const nosy = await as('m3').get<ErrorBody>(`/api/forum/topics/${topicId}/likers`);
    expect([nosy.status, nosy.body.code]).toEqual([403, 'auth.forbidden']);

    const missing = await m1.request<ErrorBody>('PUT', `/api/forum/likes/comment/${newId()}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'forum.comment_not_found']);
    const badKind = await m1.request<ErrorBody>('PUT', `/api/forum/likes/planet/${topicId}`);
    expect(badKind.status).toBe(404);
  });

  it('counts 20 members liking at once exactly, and one member’s parallel toggles end consistent', async () => {
    const topicId = await givenTopic();
    const members = Array.from({ length: 20 }, (_, i) => `fan${i}`);
    const results = await Promise.all(
      members.map((member) => as(member).request<LikeState>('PUT', `/api/forum/likes/topic/${topicId}`)),
    );
    expect(results.every((response) => response.status === 200)).toBe(true);
    expect(await counters(topicId)).toMatchObject({ likeCount: 20 });

    const toggler = as('toggler');
    const toggles = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        toggler.request<LikeState>(i % 2 === 0 ? 'PUT' : 'DELETE', `/api/forum/likes/topic/${topicId}`),
      ),
    );
    expect(toggles.every((response) => response.status === 200)).toBe(true);
    const likeStream = await store.readStream(streamId('like', `topic.${topicId}.${ids.toggler}`));
    const finallyLiked = likeStream.at(-1)?.type === 'ContentLiked';
    // Liked and unliked strictly alternate on the member's stream: no double like, no double unlike.
    likeStream.forEach((event, i) => expect(event.type).toBe(i % 2 === 0 ? 'ContentLiked' : 'ContentUnliked'));
    const expected = 20 + (finallyLiked ? 1 : 0);
    await eventually(async () => expect(await counters(topicId)).toMatchObject({ likeCount: expected }));
    const likedStates = await t
      .db('forum')
      .collection('like_state')
      .countDocuments({ topicId, targetKind: 'topic', liked: true });
    expect(likedStates).toBe(expected);
    const counterStream = await store.readStream(streamId('topicCounters', topicId));
    expect((counterStream.at(-1)?.data as { likeCount: number }).likeCount).toBe(expected);
  });
});

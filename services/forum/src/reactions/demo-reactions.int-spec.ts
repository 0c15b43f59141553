import { ForumFixture, startForum, TestApp } from '@forum/testing';
import type { TopicCountersDocument } from '../comments/comments.projection';
import { seedDemoComments } from '../comments/demo-comments';
import { seedDemoReactions } from './demo-reactions';

describe('demo comments and reactions seed', () => {
  let f: ForumFixture;
  let t: TestApp;

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
  });
  afterAll(() => t.close());

  it('comments, quotes, replies and likes on the demo topics, and a second run adds nothing', async () => {
    const memberId = await f.member(`demo_${Date.now().toString(36).slice(-5)}`);
    const tagId = await f.tag('demo');
    const topicId = await f.post(memberId, { title: 'Demo topic', content: '<p>demo</p>', tagIds: [tagId] });
    const ids = { staffId: f.staffId, memberId };
    const seed = async () => seedDemoReactions(t.app, ids, await seedDemoComments(t.app, ids));
    await seed();
    await seed();
    const counters = await t.db('forum').collection<TopicCountersDocument>('topic_counters').findOne({ _id: topicId });
    expect(counters).toMatchObject({ commentCount: 2, replyCount: 2, likeCount: 1, favoriteCount: 1 });
    const page = await t.client
      .as(memberId)
      .get<{ items: { quotes: unknown[]; likeCount: number; likedByMe: boolean }[] }>(
        `/api/forum/topics/${topicId}/comments`,
      );
    expect(page.body.items).toHaveLength(2);
    expect(page.body.items[1]!.quotes).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ likeCount: 1, likedByMe: true });
  });
});

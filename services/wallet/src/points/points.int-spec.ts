import type { Page, PointsEntryView } from '@forum/contracts';
import { PermissionChecker, SiteSettingsCache } from '@forum/platform';
import { contextModule, eventually, startWallet, WalletFixture } from '@forum/testing';
import { EventStore } from '@forum/event-store';
import { PointsForPosting } from './points-for-posting';

describe('points for posting (reacting to the forum’s events)', () => {
  let w: WalletFixture;
  let tagId: string;

  beforeAll(async () => {
    w = await startWallet(['moderation', 'forum']);
    const forum = w.t.app.select(await contextModule('forum')).get(PermissionChecker);
    await eventually(async () =>
      expect(await forum.can({ kind: 'staff', id: w.staffId }, 'content.manage')).toBe(true),
    );
    const tag = await w.t.client.as(w.staffId, 'staff').post<{ tagId: string }>('/api/forum/tags', { name: 'Points' });
    expect(tag.status).toBe(201);
    tagId = tag.body.tagId;
  });
  afterAll(() => w?.t.close());

  async function poster(): Promise<string> {
    const memberId = await w.member();
    const forum = w.t.app.select(await contextModule('forum')).get(PermissionChecker);
    await eventually(async () => expect(await forum.can({ kind: 'member', id: memberId }, 'topic.post')).toBe(true));
    return memberId;
  }

  const pointsEntries = async (memberId: string) =>
    (await w.t.client.as(memberId).get<Page<PointsEntryView>>('/api/wallet/me/points-entries')).body;

  it('credits the settings’ points once per topic, comment and reply (modules 100, 200, 300)', async () => {
    const author = await poster();
    const topic = await w.t.client.as(author).post<{ topicId: string }>('/api/forum/topics', {
      title: 'Earning points',
      content: 'Posting earns points.',
      tagIds: [tagId],
    });
    expect(topic.status).toBe(201);
    const comment = await w.t.client
      .as(author)
      .post<{ commentId: string }>(`/api/forum/topics/${topic.body.topicId}/comments`, { content: 'A comment' });
    expect(comment.status).toBe(201);
    const reply = await w.t.client
      .as(author)
      .post(`/api/forum/comments/${comment.body.commentId}/replies`, { content: 'A reply' });
    expect(reply.status).toBe(201);

    await eventually(async () => expect((await w.wallet(author)).points).toBe(10 + 5 + 5));
    const entries = await pointsEntries(author);
    expect(entries.items.map((e) => [e.module, e.amount]).sort()).toEqual([
      [100, 10],
      [200, 5],
      [300, 5],
    ]);
    expect(entries.items.find((e) => e.module === 100)?.reference).toBe(topic.body.topicId);
  });

  it('uses the points the staff set, and earns nothing for a kind set to zero', async () => {
    const changed = await w.t.client
      .as(w.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { points: { topic: 25, comment: 0 } });
    expect(changed.status).toBe(200);
    // Settings reach every context over Kafka.
    const settings = w.t.app.get(SiteSettingsCache);
    await eventually(() => expect(settings.current().points).toMatchObject({ topic: 25, comment: 0 }));
    const author = await poster();
    const topic = await w.t.client.as(author).post<{ topicId: string }>('/api/forum/topics', {
      title: 'Worth more',
      content: 'Twenty-five points.',
      tagIds: [tagId],
    });
    expect(topic.status).toBe(201);
    const comment = await w.t.client
      .as(author)
      .post<{ commentId: string }>(`/api/forum/topics/${topic.body.topicId}/comments`, { content: 'Free' });
    expect(comment.status).toBe(201);
    await eventually(async () => expect((await w.wallet(author)).points).toBe(25));
    // Whether or not the reactor has reached the comment yet, handling its event earns nothing.
    const [posted] = await w.t.app
      .select(await contextModule('forum'))
      .get(EventStore)
      .readStream(`comment-${comment.body.commentId}`);
    expect(posted?.type).toBe('CommentPosted');
    await w.t.app.get(PointsForPosting).earn(posted!);
    expect((await pointsEntries(author)).items.filter((e) => e.module === 200)).toEqual([]);
  });
});

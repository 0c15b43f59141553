import { eventually, ForumFixture, startForum } from '@forum/testing';
import type { RevisionList } from '@forum/platform';
import { DEMO_EDITED_TOPIC_NEW_TITLE, DEMO_EDITED_TOPIC_TITLE, seedDemoRevisions } from './demo-revisions';

describe('demo edit history seed', () => {
  let f: ForumFixture;

  beforeAll(async () => {
    f = await startForum();
  });
  afterAll(() => f.t.close());

  it('an edited topic with two versions, its points block locked in both for a visitor; a second run adds nothing', async () => {
    const memberId = await f.member(`demo_rev_${Date.now().toString(36).slice(-5)}`);
    const tagId = await f.tag('demo history');
    const { topicId } = await seedDemoRevisions(f.t.app, { memberId, tagId });
    expect((await seedDemoRevisions(f.t.app, { memberId, tagId })).topicId).toBe(topicId);
    const history = async () => (await f.t.client.get<RevisionList>(`/api/forum/topics/${topicId}/revisions`)).body;
    await eventually(async () => expect((await history()).items).toHaveLength(2));
    const { items } = await history();
    expect(items.map((item) => [item.title, item.current])).toEqual([
      [DEMO_EDITED_TOPIC_TITLE, false],
      [DEMO_EDITED_TOPIC_NEW_TITLE, true],
    ]);
    for (const item of items) expect(item.parts).toContainEqual({ kind: 'hidden', hideType: 40, locked: true });
    expect(JSON.stringify(items)).not.toContain('路线图');
    const author = (await f.t.client.as(memberId).get<RevisionList>(`/api/forum/topics/${topicId}/revisions`)).body;
    expect(JSON.stringify(author.items[0])).toContain('路线图在这里');
    expect(JSON.stringify(author.items[1])).toContain('新的路线图');
  });
});

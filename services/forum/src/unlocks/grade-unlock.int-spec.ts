import { randomUUID } from 'node:crypto';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import type { TopicDetail } from '../topics/topic.schemas';

/**
 * A grade block (hidden type 30) opens when the reader's points, as the wallet books them, reach its figure, and
 * closes again when they fall below it: the forum keeps a copy of each member's points from the wallet's entries.
 */
describe('grade-locked content follows the points the wallet books', () => {
  let f: ForumFixture;
  let topicId: string;
  let reader: string;

  const adjust = (amount: number) =>
    f.t.client
      .as(f.staffId, 'staff')
      .withHeaders({ 'idempotency-key': randomUUID() })
      .post(`/api/wallet/accounts/${reader}/adjustments`, { kind: 'points', amount, reason: 'grade test' });
  const content = async () =>
    (await f.t.client.as(reader).get<TopicDetail>(`/api/forum/topics/${topicId}`)).body.content;

  beforeAll(async () => {
    f = await startForum(['wallet']);
    const author = await f.member('grade_author');
    reader = await f.member('grade_reader');
    const tag = await f.tag('Grades');
    topicId = await f.post(author, {
      title: 'For seasoned members',
      content: '<p>Open</p><hide type="30" value="120"><p>GRADE-SECRET-61</p></hide>',
      tagIds: [tag],
    });
  });
  afterAll(() => f.t.close());

  it('stays locked below the figure, opens at it, and locks again after points are spent', async () => {
    expect(await content()).not.toContain('GRADE-SECRET-61');
    // The administrator's role reaches the wallet's copy of permissions a moment after the forum's.
    await eventually(async () => expect((await adjust(100)).status).toBe(200));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await content()).not.toContain('GRADE-SECRET-61');
    expect((await adjust(20)).status).toBe(200);
    await eventually(async () => expect(await content()).toContain('GRADE-SECRET-61'));
    expect((await adjust(-30)).status).toBe(200);
    await eventually(async () => expect(await content()).not.toContain('GRADE-SECRET-61'));
  });
});

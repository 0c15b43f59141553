import { MongoClient } from 'mongodb';
import { newId } from '@forum/contracts';
import { envelope, projectionSpec, testInfra, uniqueName } from '@forum/testing';
import { GetTopicStatsHandler, GetTopicStatsQuery } from '../queries/get-topic-stats.query';
import { DAY_SHARDS, TOPIC_DAILY_STATS, topicStatsProjection } from './topic-stats.projection';

const posted = (topicId: string, postedAt: string) =>
  envelope(`topic-${topicId}`, 1, {
    type: 'TopicPosted',
    data: { topicId, authorId: 'm1', title: 't', content: '', tagIds: [], postedAt },
  } as never);

describe('topic stats projection (topics posted per day)', () => {
  let client: MongoClient;

  beforeAll(async () => {
    client = await new MongoClient(testInfra().mongoUrl).connect();
  });
  afterAll(() => client.close());

  it('counts each topic of the day once, redelivered or not, in small documents', async () => {
    const db = client.db(uniqueName('topicstats_'));
    const today = Array.from({ length: 600 }, () => posted(newId(), '2026-11-21T08:00:00.000Z'));
    const yesterday = Array.from({ length: 7 }, () => posted(newId(), '2026-11-20T23:59:59.000Z'));
    const docs = await projectionSpec(topicStatsProjection, db)
      .given(today.slice(0, 400), [...today.slice(300), ...yesterday], today.slice(0, 50))
      .then(TOPIC_DAILY_STATS);

    const stats = new GetTopicStatsHandler(db);
    expect((await stats.execute(new GetTopicStatsQuery(new Date('2026-11-21T20:00:00Z')))).topicsToday).toBe(600);
    expect((await stats.execute(new GetTopicStatsQuery(new Date('2026-11-20T20:00:00Z')))).topicsToday).toBe(7);
    // No document remembers more than a slice of the day's topics.
    expect(docs.length).toBeLessThanOrEqual(2 * DAY_SHARDS);
    expect(Math.max(...docs.map((doc) => Object.keys(doc._src as object).length))).toBeLessThan(30);
    await db.dropDatabase();
  });
});

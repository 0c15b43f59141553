import { Db, MongoClient } from 'mongodb';
import type { TopicEvent } from '@forum/contracts';
import { envelope, projectionSpec, testInfra, uniqueName } from '@forum/testing';
import { TOPIC_LIST, topicListProjection } from './topic-list.projection';

const posted = (overrides: Partial<Extract<TopicEvent, { type: 'TopicPosted' }>['data']> = {}): TopicEvent => ({
  type: 'TopicPosted',
  data: {
    topicId: 't1',
    authorId: 'm1',
    title: 'Hello',
    content: 'x'.repeat(500),
    tagIds: ['a'],
    postedAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  },
});

describe('topic list projection', () => {
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    client = await new MongoClient(testInfra().mongoUrl).connect();
  });
  beforeEach(() => {
    db = client.db(uniqueName('topics_'));
  });
  afterAll(() => client.close());

  it('lists a posted topic with a 200-character summary and zero counts', async () => {
    const rows = await projectionSpec(topicListProjection, db)
      .given([envelope('topic-t1', 1, posted())])
      .then(TOPIC_LIST);
    expect(rows).toEqual([
      expect.objectContaining({
        _id: 't1',
        title: 'Hello',
        summary: 'x'.repeat(200),
        commentCount: 0,
        likeCount: 0,
        _version: 1,
      }),
    ]);
  });

  it('ignores a redelivered event, in the same batch or a later one', async () => {
    const event = envelope('topic-t1', 1, posted());
    const rows = await projectionSpec(topicListProjection, db).given([event, event], [event]).then(TOPIC_LIST);
    expect(rows).toHaveLength(1);
  });
});

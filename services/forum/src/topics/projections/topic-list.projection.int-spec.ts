import { Db, MongoClient } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { envelope, projectionSpec, testInfra, uniqueName } from '@forum/testing';
import { TOPIC_LIST, topicListProjection } from './topic-list.projection';

const posted = (content: string): { type: string; data: unknown } => ({
  type: 'TopicPosted',
  data: {
    topicId: 't1',
    authorId: 'm1',
    title: 'Hello',
    content,
    tagIds: ['a'],
    postedAt: '2026-11-21T08:00:00.000Z',
    isStaff: false,
    ipLocation: null,
    mentions: [],
  },
});

const counters = (commentCount: number): { type: string; data: unknown } => ({
  type: 'TopicCountersChanged',
  data: {
    topicId: 't1',
    commentCount,
    replyCount: 0,
    likeCount: 2,
    favoriteCount: 1,
    lastReplyAt: '2026-11-21T09:00:00.000Z',
    sourceEventId: 'e',
    comment: null,
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

  it('stores a posted topic with a 200-character summary that leaves hidden blocks out', async () => {
    const content = `<p>${'x'.repeat(150)}</p><hide type="20">SECRET</hide><p>${'y'.repeat(100)}</p>`;
    const rows = await projectionSpec(topicListProjection, db)
      .given([envelope('topic-t1', 1, posted(content) as never)])
      .then(TOPIC_LIST);
    expect(rows).toEqual([
      expect.objectContaining({
        _id: 't1',
        title: 'Hello',
        summary: `${'x'.repeat(150)} ${'y'.repeat(49)}`,
        // Content written without block ids (events from before ADR 25) keeps its blocks, named by no id.
        hiddenBlocks: [{ id: null, index: 0, type: 20, value: '' }],
        commentCount: 0,
        _version: 1,
      }),
    ]);
    expect(JSON.stringify(rows[0]?.summary)).not.toContain('SECRET');
  });

  it('keeps counters that arrived before the topic, and applies each counter version once', async () => {
    const first = envelope('topicCounters-t1', 1, counters(3) as never) as EventEnvelope;
    const rows = await projectionSpec(topicListProjection, db)
      .given([first], [envelope('topic-t1', 1, posted('<p>a</p>') as never), first])
      .then(TOPIC_LIST);
    expect(rows).toEqual([
      expect.objectContaining({ title: 'Hello', commentCount: 3, likeCount: 2, favoriteCount: 1 }),
    ]);
  });
});

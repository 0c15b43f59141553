import type { TopicEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { PostTopic, topicDecider } from './topic.decider';

const now = new Date('2026-11-21T08:00:00.000Z');

function postTopic(overrides: Partial<PostTopic> = {}): PostTopic {
  return {
    type: 'PostTopic',
    topicId: 't1',
    authorId: 'm1',
    title: ' Hello ',
    content: 'Body',
    tagIds: ['a', 'a', 'b'],
    now,
    ...overrides,
  };
}

function topicPosted(overrides: Partial<Extract<TopicEvent, { type: 'TopicPosted' }>['data']> = {}): TopicEvent {
  return {
    type: 'TopicPosted',
    data: {
      topicId: 't1',
      authorId: 'm1',
      title: 'Hello',
      content: 'Body',
      tagIds: ['a', 'b'],
      postedAt: now.toISOString(),
      ...overrides,
    },
  };
}

describe('topic decider', () => {
  it('posts a new topic with a trimmed title and distinct tags, at the command time', () => {
    given(topicDecider).when(postTopic()).then([topicPosted()]);
  });

  it('refuses to post the same topic twice', () => {
    given(topicDecider, [topicPosted()]).when(postTopic()).thenError('forum.topic_exists');
  });
});

import type { TopicEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { PostTopic, TopicCommand, topicDecider } from './topic.decider';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
type Command = TopicCommand & { topicId: string };

function postTopic(overrides: Partial<PostTopic> = {}): Command {
  return {
    type: 'PostTopic',
    topicId: 't1',
    authorId: 'm1',
    title: ' Hello ',
    content: '<p>Body</p>',
    tagIds: ['a', 'a', 'b'],
    mentions: ['m2'],
    isStaff: false,
    ipLocation: '浙江省 杭州市',
    now,
    ...overrides,
  };
}

const posted: TopicEvent = {
  type: 'TopicPosted',
  data: {
    topicId: 't1',
    authorId: 'm1',
    title: 'Hello',
    content: '<p>Body</p>',
    tagIds: ['a', 'b'],
    postedAt: at,
    isStaff: false,
    ipLocation: '浙江省 杭州市',
    mentions: ['m2'],
  },
};
const deleted: TopicEvent = { type: 'TopicDeleted', data: { topicId: 't1', authorId: 'm1', by: 'm1', deletedAt: at } };
const member = (by: string) => ({ topicId: 't1', by, byStaff: false, now });
const staff = { topicId: 't1', by: 's1', byStaff: true, now };
const edit = {
  type: 'EditTopic' as const,
  title: ' New ',
  content: '<p>x</p>',
  tagIds: ['c'],
  mentions: [] as string[],
};

describe('topic decider', () => {
  it('posts a new topic with a trimmed title and distinct tags, at the command time', () => {
    given(topicDecider).when(postTopic()).then([posted]);
  });

  it('refuses to post the same topic twice', () => {
    given(topicDecider, [posted]).when(postTopic()).thenError('forum.topic_exists');
  });

  it('lets the author edit, with the whole new title, content and tags', () => {
    given(topicDecider, [posted])
      .when({ ...edit, ...member('m1') })
      .then([
        {
          type: 'TopicEdited',
          data: {
            topicId: 't1',
            title: 'New',
            content: '<p>x</p>',
            tagIds: ['c'],
            mentions: [],
            by: 'm1',
            editedAt: at,
          },
        },
      ]);
  });

  it('lets staff edit any topic and refuses other members', () => {
    given(topicDecider, [posted])
      .when({ ...edit, ...staff })
      .then([expect.objectContaining({ type: 'TopicEdited' })]);
    given(topicDecider, [posted])
      .when({ ...edit, ...member('m2') })
      .thenError('auth.forbidden');
  });

  it('refuses to edit, delete, pin or feature a topic that was never posted or is deleted', () => {
    for (const history of [[], [posted, deleted]]) {
      given(topicDecider, history)
        .when({ ...edit, ...member('m1') })
        .thenError('forum.topic_not_found');
      given(topicDecider, history)
        .when({ type: 'DeleteTopic', ...member('m1') })
        .thenError('forum.topic_not_found');
      given(topicDecider, history)
        .when({ type: 'PinTopic', weight: 5, ...staff })
        .thenError('forum.topic_not_found');
      given(topicDecider, history)
        .when({ type: 'SetEssence', essence: true, ...staff })
        .thenError('forum.topic_not_found');
    }
  });

  it('deletes by the author or staff, and staff restore a deleted topic only', () => {
    given(topicDecider, [posted])
      .when({ type: 'DeleteTopic', ...member('m1') })
      .then([deleted]);
    given(topicDecider, [posted])
      .when({ type: 'DeleteTopic', ...member('m2') })
      .thenError('auth.forbidden');
    given(topicDecider, [posted, deleted])
      .when({ type: 'RestoreTopic', ...staff })
      .then([{ type: 'TopicRestored', data: { topicId: 't1', authorId: 'm1', by: 's1', restoredAt: at } }]);
    given(topicDecider, [posted, deleted])
      .when({ type: 'RestoreTopic', ...member('m1') })
      .thenError('auth.forbidden');
    given(topicDecider, [posted])
      .when({ type: 'RestoreTopic', ...staff })
      .thenError('forum.topic_not_deleted');
  });

  it('pins and unpins by staff only, and a pin at the same weight changes nothing', () => {
    const pinned: TopicEvent = { type: 'TopicPinned', data: { topicId: 't1', weight: 5, by: 's1', at } };
    given(topicDecider, [posted])
      .when({ type: 'PinTopic', weight: 5, ...staff })
      .then([pinned]);
    given(topicDecider, [posted, pinned])
      .when({ type: 'PinTopic', weight: 5, ...staff })
      .then([]);
    given(topicDecider, [posted, pinned])
      .when({ type: 'PinTopic', weight: 0, ...staff })
      .then([{ type: 'TopicUnpinned', data: { topicId: 't1', by: 's1', at } }]);
    given(topicDecider, [posted])
      .when({ type: 'PinTopic', weight: 0, ...staff })
      .then([]);
    given(topicDecider, [posted])
      .when({ type: 'PinTopic', weight: 5, ...member('m1') })
      .thenError('auth.forbidden');
  });

  it('sets and clears essence by staff only, idempotently', () => {
    const set: TopicEvent = { type: 'TopicEssenceSet', data: { topicId: 't1', by: 's1', at } };
    given(topicDecider, [posted])
      .when({ type: 'SetEssence', essence: true, ...staff })
      .then([set]);
    given(topicDecider, [posted, set])
      .when({ type: 'SetEssence', essence: true, ...staff })
      .then([]);
    given(topicDecider, [posted, set])
      .when({ type: 'SetEssence', essence: false, ...staff })
      .then([{ type: 'TopicEssenceCleared', data: { topicId: 't1', by: 's1', at } }]);
    given(topicDecider, [posted])
      .when({ type: 'SetEssence', essence: true, ...member('m1') })
      .thenError('auth.forbidden');
  });
});

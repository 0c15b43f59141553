import type { TopicEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface TopicState {
  posted: boolean;
  authorId: string | null;
}

export interface PostTopic {
  type: 'PostTopic';
  topicId: string;
  authorId: string;
  title: string;
  content: string;
  tagIds: string[];
  now: Date;
}

export type TopicCommand = PostTopic;

function postTopic(command: PostTopic, state: TopicState): TopicEvent[] {
  if (state.posted) throw new DomainError('forum.topic_exists');
  return [
    {
      type: 'TopicPosted',
      data: {
        topicId: command.topicId,
        authorId: command.authorId,
        title: command.title.trim(),
        content: command.content,
        tagIds: [...new Set(command.tagIds)],
        postedAt: command.now.toISOString(),
      },
    },
  ];
}

export const topicDecider: Decider<TopicState, TopicCommand, TopicEvent> = {
  name: 'topic',
  initialState: () => ({ posted: false, authorId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'TopicPosted':
        return { posted: true, authorId: event.data.authorId };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PostTopic':
        return postTopic(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

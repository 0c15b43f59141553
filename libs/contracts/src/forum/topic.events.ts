import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const TOPIC = { context: 'forum', aggregate: 'topic' } as const;

export const TopicPosted = defineEvent({
  ...TOPIC,
  type: 'TopicPosted',
  schema: z.object({
    topicId: z.string(),
    title: z.string(),
    content: z.string(),
    tagIds: z.array(z.string()),
    authorId: z.string(),
    postedAt: z.string(),
  }),
});

export type TopicEvent = EventOf<typeof TopicPosted>;

import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** A poll on a topic (docs/rules/forum.md, polls): how many options, how long their texts. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_TEXT_MAX = 80;
export const POLL_QUESTION_MAX = 150;

const POLL = { context: 'forum', aggregate: 'poll' } as const;

const pollOption = z.object({ optionId: z.string(), text: z.string() });

/**
 * The topic's author added a poll to it (stream `poll-<topicId>`: one poll per topic, its id is the topic's).
 * `closesAt` null: open until the author's topic is deleted or staff close it.
 */
export const PollCreated = defineEvent({
  ...POLL,
  type: 'PollCreated',
  schema: z.object({
    pollId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    question: z.string(),
    options: z.array(pollOption),
    multiple: z.boolean(),
    closesAt: z.string().nullable(),
    at: z.string(),
  }),
});

/**
 * The poll stopped taking votes: its close time passed (`closedBy` null, written by the closing job) or staff
 * closed it early (`closedBy` the staff member). Its results are then shown to every reader of the topic.
 */
export const PollClosed = defineEvent({
  ...POLL,
  type: 'PollClosed',
  schema: z.object({
    pollId: z.string(),
    topicId: z.string(),
    authorId: z.string(),
    question: z.string(),
    closedBy: z.string().nullable(),
    at: z.string(),
  }),
});

/** Staff deleted the poll: it is no longer shown, its votes are kept in the store. */
export const PollDeleted = defineEvent({
  ...POLL,
  type: 'PollDeleted',
  schema: z.object({ pollId: z.string(), topicId: z.string(), authorId: z.string(), by: z.string(), at: z.string() }),
});

export type PollEvent = EventOf<typeof PollCreated> | EventOf<typeof PollClosed> | EventOf<typeof PollDeleted>;

/** One member's vote on one poll (stream `pollVote-<pollId>.<memberId>`): at most one, never changed. */
export const PollVoted = defineEvent({
  context: 'forum',
  aggregate: 'pollVote',
  type: 'PollVoted',
  schema: z.object({
    pollId: z.string(),
    topicId: z.string(),
    memberId: z.string(),
    optionIds: z.array(z.string()),
    at: z.string(),
  }),
});

export type PollVoteEvent = EventOf<typeof PollVoted>;

import { z } from 'zod';
import {
  pageSchema,
  POLL_OPTION_TEXT_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTION_MAX,
} from '@forum/contracts';

/** A poll as its author adds it to their topic: 2–10 options, one or several choices, an optional close time. */
export const createPollBody = z.strictObject({
  question: z.string().trim().min(1).max(POLL_QUESTION_MAX),
  options: z.array(z.string().trim().min(1).max(POLL_OPTION_TEXT_MAX)).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
  multiple: z.boolean().default(false),
  /** ISO 8601 with a zone; must be in the future (checked against the request's time). */
  closesAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreatePollBody = z.infer<typeof createPollBody>;

export const votePollBody = z.strictObject({
  optionIds: z.array(z.string().max(8)).min(1).max(POLL_OPTIONS_MAX),
});
export type VotePollBody = z.infer<typeof votePollBody>;

export const pollView = z.object({
  pollId: z.string(),
  topicId: z.string(),
  question: z.string(),
  multiple: z.boolean(),
  closesAt: z.string().nullable(),
  /** Closed by staff or past its close time: no more votes, results for everyone. */
  closed: z.boolean(),
  /** Whether `votes` and `voters` are given: after the reader voted, or once the poll is closed. */
  resultsVisible: z.boolean(),
  voters: z.number().int().nullable(),
  options: z.array(z.object({ optionId: z.string(), text: z.string(), votes: z.number().int().nullable() })),
  /** The reader's choices, null when they have not voted (or are not signed in). */
  myVote: z.array(z.string()).nullable(),
});
export type PollView = z.infer<typeof pollView>;

/** `GET …/poll`: the topic's poll, or null when it has none (or staff deleted it). */
export const topicPoll = z.object({ poll: pollView.nullable() });
export type TopicPoll = z.infer<typeof topicPoll>;

/** A row of the staff list: the poll with its counts, its topic's title and whether it is deleted. */
export const staffPollRow = pollView.omit({ myVote: true, resultsVisible: true }).extend({
  id: z.string(),
  topicTitle: z.string().nullable(),
  authorId: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  deleted: z.boolean(),
});
export type StaffPollRow = z.infer<typeof staffPollRow>;
export const staffPollPage = pageSchema(staffPollRow);

import type { EventEnvelope, PollEvent, PollVoteEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const POLLS_PROJECTION = 'forum-polls';
/** `_id: <topicId>` (a poll's id is its topic's): the poll as its stream says. */
export const POLLS = 'polls';
/** `_id: <pollId>`: votes per option and voters, fed by every member's vote stream (one entry each). */
export const POLL_TALLIES = 'poll_tallies';
/** `_id: <pollId>|<memberId>`: what a member chose ("my vote"). */
export const POLL_VOTES = 'poll_votes';
/** `_id: <closesAt>|<pollId>`: polls with a close time, for the closing job (which deletes the rows it handled). */
export const POLL_DUE = 'poll_due';

export interface PollDocument {
  _id: string;
  _version?: number;
  pollId: string;
  topicId: string;
  authorId: string;
  question: string;
  options: { optionId: string; text: string }[];
  multiple: boolean;
  closesAt: string | null;
  createdAt: string;
  closedAt: string | null;
  closedBy: string | null;
  deleted: boolean;
}

export interface PollTallyDocument {
  _id: string;
  voters?: number;
  counts?: Record<string, number>;
}

export interface PollVoteDocument {
  _id: string;
  pollId: string;
  memberId: string;
  optionIds: string[];
  at: string;
}

export function pollVoteRowId(pollId: string, memberId: string): string {
  return `${pollId}|${memberId}`;
}

/**
 * Polls, their tallies and who chose what. A tally is fed by many vote streams, one `PollVoted` each, so it is
 * counted with `updateOnce` (one `_src` entry per voter): a redelivered vote is never counted twice.
 */
export const pollsProjection: ProjectionDefinition = {
  name: POLLS_PROJECTION,
  version: 1,
  topics: ['forum.poll', 'forum.pollVote'],
  collections: [POLLS, POLL_TALLIES, POLL_VOTES, POLL_DUE],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (PollEvent | PollVoteEvent);
    switch (event.type) {
      case 'PollCreated': {
        const { at, ...data } = event.data;
        writer.upsertVersioned(POLLS, data.pollId, envelope, {
          $set: { ...data, createdAt: at, closedAt: null, closedBy: null, deleted: false },
        });
        if (data.closesAt)
          writer.upsertVersioned(POLL_DUE, `${data.closesAt}|${data.pollId}`, envelope, {
            $set: { pollId: data.pollId },
          });
        return;
      }
      case 'PollClosed':
        writer.upsertVersioned(POLLS, event.data.pollId, envelope, {
          $set: { closedAt: event.data.at, closedBy: event.data.closedBy },
        });
        return;
      case 'PollDeleted':
        writer.upsertVersioned(POLLS, event.data.pollId, envelope, { $set: { deleted: true } });
        return;
      case 'PollVoted': {
        const { pollId, memberId, optionIds, at } = event.data;
        writer.upsertVersioned(POLL_VOTES, pollVoteRowId(pollId, memberId), envelope, {
          $set: { pollId, memberId, optionIds, at },
        });
        const inc: Record<string, number> = { voters: 1 };
        for (const optionId of optionIds) inc[`counts.${optionId}`] = 1;
        writer.updateOnce(POLL_TALLIES, pollId, envelope, { $inc: inc }, { upsert: true });
        return;
      }
    }
  },
};

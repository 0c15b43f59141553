import type { FieldError, PollEvent, PollVoteEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';
import { DomainError } from '@forum/event-store';

export interface PollOption {
  optionId: string;
  text: string;
}

/** What the poll's stream says: its facts once created, and whether it still takes votes. */
export interface PollState {
  status: 'none' | 'open' | 'closed' | 'deleted';
  pollId: string;
  topicId: string;
  authorId: string;
  question: string;
  options: PollOption[];
  multiple: boolean;
  closesAt: string | null;
}

export type PollCommand =
  | {
      type: 'CreatePoll';
      pollId: string;
      topicId: string;
      authorId: string;
      question: string;
      options: PollOption[];
      multiple: boolean;
      closesAt: string | null;
      now: Date;
    }
  /** `closedBy` null: the closing job, which closes only a poll whose time has come. */
  | { type: 'ClosePoll'; closedBy: string | null; now: Date }
  | { type: 'DeletePoll'; by: string; now: Date };

const NONE: PollState = {
  status: 'none',
  pollId: '',
  topicId: '',
  authorId: '',
  question: '',
  options: [],
  multiple: false,
  closesAt: null,
};

function invalid(field: string, code: FieldError['code']): DomainError {
  return new DomainError('common.validation_failed', {}, [{ field, code, message: '' }]);
}

/** Whether the poll takes votes at `now`: created, not closed or deleted, its close time not reached. */
export function pollOpenAt(state: PollState, now: Date): boolean {
  return state.status === 'open' && (state.closesAt === null || Date.parse(state.closesAt) > now.getTime());
}

/** Whether its results are for everyone at `now`: closed by staff, or its close time passed. */
export function pollClosedAt(state: Pick<PollState, 'status' | 'closesAt'>, now: Date): boolean {
  return state.status === 'closed' || (state.closesAt !== null && Date.parse(state.closesAt) <= now.getTime());
}

/**
 * A topic's poll (stream `poll-<topicId>`): created once by the topic's author, closed once (by its time or by
 * staff), deleted by staff. Closing twice decides nothing, so the job and a staff member may both try.
 */
export const pollDecider: Decider<PollState, PollCommand, PollEvent> = {
  name: 'poll',
  initialState: () => NONE,
  evolve(state, event) {
    switch (event.type) {
      case 'PollCreated': {
        const { pollId, topicId, authorId, question, options, multiple, closesAt } = event.data;
        return { status: 'open', pollId, topicId, authorId, question, options, multiple, closesAt };
      }
      case 'PollClosed':
        return { ...state, status: 'closed' };
      case 'PollDeleted':
        return { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreatePoll': {
        if (state.status !== 'none') throw new DomainError('forum.poll_exists');
        if (command.closesAt !== null && Date.parse(command.closesAt) <= command.now.getTime())
          throw invalid('closesAt', 'validation.poll_closes_in_past');
        const texts = command.options.map((option) => option.text.trim().toLowerCase());
        if (new Set(texts).size !== texts.length) throw invalid('options', 'validation.poll_options_duplicate');
        const { type: _type, now, ...data } = command;
        return [{ type: 'PollCreated', data: { ...data, at: now.toISOString() } }];
      }
      case 'ClosePoll': {
        if (state.status === 'none' || state.status === 'deleted') throw new DomainError('forum.poll_not_found');
        if (state.status === 'closed') return [];
        if (command.closedBy === null && !pollClosedAt(state, command.now)) return [];
        const { pollId, topicId, authorId, question } = state;
        const data = { pollId, topicId, authorId, question, closedBy: command.closedBy, at: command.now.toISOString() };
        return [{ type: 'PollClosed', data }];
      }
      case 'DeletePoll': {
        if (state.status === 'none' || state.status === 'deleted') throw new DomainError('forum.poll_not_found');
        const { pollId, topicId, authorId } = state;
        return [
          { type: 'PollDeleted', data: { pollId, topicId, authorId, by: command.by, at: command.now.toISOString() } },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

export interface VoteCommand {
  /** The poll as its stream says now (read by the handler): the vote stream alone cannot know it. */
  poll: PollState;
  memberId: string;
  optionIds: string[];
  now: Date;
}

/**
 * One member's vote on one poll (stream `pollVote-<pollId>.<memberId>`): the stream takes one `PollVoted` and
 * refuses any other, so twenty parallel votes of one member store one, whatever their choices.
 */
export const pollVoteDecider: Decider<{ voted: boolean }, VoteCommand, PollVoteEvent> = {
  name: 'pollVote',
  initialState: () => ({ voted: false }),
  evolve: () => ({ voted: true }),
  decide({ poll, memberId, optionIds, now }, state) {
    if (poll.status === 'none' || poll.status === 'deleted') throw new DomainError('forum.poll_not_found');
    if (!pollOpenAt(poll, now)) throw new DomainError('forum.poll_closed');
    if (state.voted) throw new DomainError('forum.poll_already_voted');
    const known = new Set(poll.options.map((option) => option.optionId));
    const chosen = new Set(optionIds);
    if (
      chosen.size === 0 ||
      chosen.size !== optionIds.length ||
      (!poll.multiple && chosen.size > 1) ||
      optionIds.some((optionId) => !known.has(optionId))
    )
      throw new DomainError('forum.poll_choice_invalid');
    const data = { pollId: poll.pollId, topicId: poll.topicId, memberId, optionIds, at: now.toISOString() };
    return [{ type: 'PollVoted', data }];
  },
};

/** `pollVote-<pollId>.<memberId>`'s key. */
export function pollVoteKey(pollId: string, memberId: string): string {
  return `${pollId}.${memberId}`;
}

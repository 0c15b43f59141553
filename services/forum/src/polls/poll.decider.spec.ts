import type { PollEvent, PollVoteEvent } from '@forum/contracts';
import { DomainError, fold } from '@forum/event-store';
import { given } from '@forum/testing';
import { pollClosedAt, pollDecider, pollOpenAt, PollState, pollVoteDecider } from './poll.decider';

const now = new Date('2026-11-28T10:00:00.000Z');
const at = now.toISOString();
const later = new Date('2026-11-28T12:00:00.000Z');
const options = [
  { optionId: 'o1', text: 'Tea' },
  { optionId: 'o2', text: 'Coffee' },
  { optionId: 'o3', text: 'Water' },
];
const create = {
  type: 'CreatePoll' as const,
  pollId: 't1',
  topicId: 't1',
  authorId: 'a1',
  question: 'What do you drink?',
  options,
  multiple: false,
  closesAt: '2026-11-28T11:00:00.000Z',
  now,
};
const created: PollEvent = {
  type: 'PollCreated',
  data: {
    pollId: 't1',
    topicId: 't1',
    authorId: 'a1',
    question: 'What do you drink?',
    options,
    multiple: false,
    closesAt: '2026-11-28T11:00:00.000Z',
    at,
  },
};
const closedBy = (by: string | null, when: Date): PollEvent => ({
  type: 'PollClosed',
  data: {
    pollId: 't1',
    topicId: 't1',
    authorId: 'a1',
    question: 'What do you drink?',
    closedBy: by,
    at: when.toISOString(),
  },
});
const poll = (events: PollEvent[]): PollState => fold(pollDecider, events);

function fieldCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as DomainError).fieldErrors?.[0]?.code;
  }
  return undefined;
}

describe('poll decider (one poll per topic: created, closed, deleted)', () => {
  it('creates a poll once; a second one for the topic is refused', () => {
    given(pollDecider).when(create).then([created]);
    given(pollDecider, [created]).when(create).thenError('forum.poll_exists');
  });

  it('refuses a close time that is not in the future, and two options with the same text', () => {
    expect(fieldCode(() => pollDecider.decide({ ...create, closesAt: at }, poll([])))).toBe(
      'validation.poll_closes_in_past',
    );
    const twice = [...options.slice(0, 2), { optionId: 'o3', text: ' tea ' }];
    expect(fieldCode(() => pollDecider.decide({ ...create, options: twice }, poll([])))).toBe(
      'validation.poll_options_duplicate',
    );
  });

  it('staff close an open poll at once; closing again decides nothing', () => {
    given(pollDecider, [created])
      .when({ type: 'ClosePoll', closedBy: 's1', now })
      .then([closedBy('s1', now)]);
    given(pollDecider, [created, closedBy('s1', now)])
      .when({ type: 'ClosePoll', closedBy: 's1', now: later })
      .thenNothingHappened();
  });

  it('the closing job closes only a poll whose time has come', () => {
    given(pollDecider, [created]).when({ type: 'ClosePoll', closedBy: null, now }).thenNothingHappened();
    given(pollDecider, [created])
      .when({ type: 'ClosePoll', closedBy: null, now: later })
      .then([closedBy(null, later)]);
    const open = { ...created, data: { ...created.data, closesAt: null } } as PollEvent;
    given(pollDecider, [open]).when({ type: 'ClosePoll', closedBy: null, now: later }).thenNothingHappened();
  });

  it('staff delete a poll; a deleted or unknown poll is not found', () => {
    given(pollDecider, [created])
      .when({ type: 'DeletePoll', by: 's1', now })
      .then([{ type: 'PollDeleted', data: { pollId: 't1', topicId: 't1', authorId: 'a1', by: 's1', at } }]);
    const deleted: PollEvent = {
      type: 'PollDeleted',
      data: { pollId: 't1', topicId: 't1', authorId: 'a1', by: 's1', at },
    };
    given(pollDecider, [created, deleted])
      .when({ type: 'DeletePoll', by: 's1', now })
      .thenError('forum.poll_not_found');
    given(pollDecider).when({ type: 'ClosePoll', closedBy: 's1', now }).thenError('forum.poll_not_found');
  });

  it("is open until its close time, and its results are everyone's from then on", () => {
    const state = poll([created]);
    expect(pollOpenAt(state, now)).toBe(true);
    expect(pollClosedAt(state, now)).toBe(false);
    expect(pollOpenAt(state, later)).toBe(false);
    expect(pollClosedAt(state, later)).toBe(true);
    expect(pollClosedAt(poll([created, closedBy('s1', now)]), now)).toBe(true);
  });
});

describe('poll vote decider (one vote per member and poll)', () => {
  const open = poll([created]);
  const vote = { poll: open, memberId: 'm1', optionIds: ['o2'], now };
  const voted: PollVoteEvent = {
    type: 'PollVoted',
    data: { pollId: 't1', topicId: 't1', memberId: 'm1', optionIds: ['o2'], at },
  };

  it('stores one vote; any second vote is refused, whatever it chooses', () => {
    given(pollVoteDecider).when(vote).then([voted]);
    given(pollVoteDecider, [voted]).when(vote).thenError('forum.poll_already_voted');
    given(pollVoteDecider, [voted])
      .when({ ...vote, optionIds: ['o1'] })
      .thenError('forum.poll_already_voted');
  });

  it('a single-choice poll takes one known option; a multiple-choice poll several distinct ones', () => {
    given(pollVoteDecider)
      .when({ ...vote, optionIds: ['o1', 'o2'] })
      .thenError('forum.poll_choice_invalid');
    given(pollVoteDecider)
      .when({ ...vote, optionIds: [] })
      .thenError('forum.poll_choice_invalid');
    given(pollVoteDecider)
      .when({ ...vote, optionIds: ['nope'] })
      .thenError('forum.poll_choice_invalid');
    const multiple = { ...open, multiple: true };
    given(pollVoteDecider)
      .when({ ...vote, poll: multiple, optionIds: ['o1', 'o3'] })
      .then([{ type: 'PollVoted', data: { ...voted.data, optionIds: ['o1', 'o3'] } }]);
    given(pollVoteDecider)
      .when({ ...vote, poll: multiple, optionIds: ['o1', 'o1'] })
      .thenError('forum.poll_choice_invalid');
  });

  it('refuses votes once the poll is closed, past its time, deleted or unknown', () => {
    given(pollVoteDecider)
      .when({ ...vote, now: later })
      .thenError('forum.poll_closed');
    given(pollVoteDecider)
      .when({ ...vote, poll: poll([created, closedBy('s1', now)]) })
      .thenError('forum.poll_closed');
    given(pollVoteDecider)
      .when({ ...vote, poll: { ...open, status: 'deleted' } })
      .thenError('forum.poll_not_found');
    given(pollVoteDecider)
      .when({ ...vote, poll: poll([]) })
      .thenError('forum.poll_not_found');
  });
});

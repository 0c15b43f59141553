import { given } from '@forum/testing';
import { unlockDecider } from './unlock.decider';
import type { UnlockHidden } from './unlock.decider';

const now = new Date('2026-02-01T00:00:00.000Z');
const command = (over: Partial<UnlockHidden>): UnlockHidden => ({
  type: 'UnlockHidden',
  topicId: 't',
  memberId: 'reader',
  authorId: 'author',
  hideType: 10,
  blockIds: ['bA'],
  pricePaid: null,
  now,
  ...over,
});
const unlocked = (type: 10 | 40 | 50, blockIds: string[]) => ({
  type: 'HiddenContentUnlocked' as const,
  data: {
    topicId: 't',
    memberId: 'reader',
    authorId: 'author',
    type,
    blockIds,
    pricePaid: null,
    at: now.toISOString(),
  },
});

describe('unlock decider (stable block ids, ADR 0025)', () => {
  it('records the blocks a password opened, by id', () => {
    given(unlockDecider, [])
      .when(command({ blockIds: ['bA'] }))
      .then([unlocked(10, ['bA'])]);
  });

  it('lets a later password unlock open password blocks not opened yet, and only those', () => {
    given(unlockDecider, [unlocked(10, ['bA'])])
      .when(command({ blockIds: ['bA', 'bNew'] }))
      .then([unlocked(10, ['bNew'])]);
    given(unlockDecider, [unlocked(10, ['bA'])])
      .when(command({ blockIds: ['bA'] }))
      .thenError('forum.already_unlocked');
  });

  it('buys a paid type once per reader (the wallet pays one transfer per topic, reader and type)', () => {
    given(unlockDecider, [unlocked(40, ['bP'])])
      .when(command({ hideType: 40, blockIds: ['bAddedLater'], pricePaid: 5 }))
      .thenError('forum.already_unlocked');
    given(unlockDecider, [unlocked(40, ['bP'])])
      .when(command({ hideType: 50, blockIds: ['bB'], pricePaid: 199 }))
      .then([{ ...unlocked(50, ['bB']), data: { ...unlocked(50, ['bB']).data, pricePaid: 199 } }]);
  });

  it('refuses the author and an unlock that opens nothing', () => {
    given(unlockDecider, [])
      .when(command({ memberId: 'author' }))
      .thenError('forum.unlock_not_needed');
    given(unlockDecider, [])
      .when(command({ blockIds: [] }))
      .thenError('forum.unlock_not_needed');
  });
});

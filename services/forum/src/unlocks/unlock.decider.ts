import type { UnlockEvent } from '@forum/contracts';
import { streamId } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per (topic, reader): `topicUnlock-<topicId>:<memberId>` (no `.`: stream ids become field names). */
export function unlockStream(topicId: string, memberId: string): string {
  return streamId('topicUnlock', `${topicId}:${memberId}`);
}

export interface UnlockState {
  types: number[];
}

export interface UnlockHidden {
  type: 'UnlockHidden';
  topicId: string;
  memberId: string;
  authorId: string;
  hideType: 10 | 40 | 50;
  blockIndexes: number[];
  pricePaid: number | null;
  now: Date;
}

/** One unlock per type per reader (DOMAIN §4); the author never unlocks (nor buys) their own content. */
export const unlockDecider: Decider<UnlockState, UnlockHidden, UnlockEvent> = {
  name: 'topicUnlock',
  initialState: () => ({ types: [] }),
  evolve: (state, event) => ({ types: [...state.types, event.data.type] }),
  decide(command, state) {
    if (command.memberId === command.authorId) throw new DomainError('forum.unlock_not_needed');
    if (state.types.includes(command.hideType)) throw new DomainError('forum.already_unlocked');
    if (command.blockIndexes.length === 0) throw new DomainError('forum.unlock_not_needed');
    return [
      {
        type: 'HiddenContentUnlocked',
        data: {
          topicId: command.topicId,
          memberId: command.memberId,
          authorId: command.authorId,
          type: command.hideType,
          blockIndexes: command.blockIndexes,
          pricePaid: command.pricePaid,
          at: command.now.toISOString(),
        },
      },
    ];
  },
};

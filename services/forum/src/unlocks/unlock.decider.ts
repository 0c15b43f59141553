import type { UnlockEvent } from '@forum/contracts';
import { streamId } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per (topic, reader): `topicUnlock-<topicId>:<memberId>` (no `.`: stream ids become field names). */
export function unlockStream(topicId: string, memberId: string): string {
  return streamId('topicUnlock', `${topicId}:${memberId}`);
}

export interface UnlockState {
  types: number[];
  /** Every block id an unlock of this reader named (ADR 0025). */
  blockIds: string[];
}

export interface UnlockHidden {
  type: 'UnlockHidden';
  topicId: string;
  memberId: string;
  authorId: string;
  hideType: 10 | 40 | 50;
  /** The stable ids of the blocks this unlock opens: none the reader had already opened. */
  blockIds: string[];
  pricePaid: number | null;
  now: Date;
}

const PAID = new Set([40, 50]);

/**
 * The author never unlocks (nor buys) their own content. A paid type is bought once per reader (the wallet's
 * transfer id is per topic, reader and type: ADR 0019); a password unlock opens the blocks whose password matched,
 * and a later one may open password blocks the reader had not opened yet (a block added after the first, ADR 0025).
 */
export const unlockDecider: Decider<UnlockState, UnlockHidden, UnlockEvent> = {
  name: 'topicUnlock',
  initialState: () => ({ types: [], blockIds: [] }),
  evolve: (state, event) => ({
    types: [...state.types, event.data.type],
    blockIds: [...state.blockIds, ...event.data.blockIds],
  }),
  decide(command, state) {
    if (command.memberId === command.authorId) throw new DomainError('forum.unlock_not_needed');
    if (PAID.has(command.hideType) && state.types.includes(command.hideType)) {
      throw new DomainError('forum.already_unlocked');
    }
    if (command.blockIds.length === 0) throw new DomainError('forum.unlock_not_needed');
    const opened = new Set(state.blockIds);
    if (command.blockIds.every((id) => opened.has(id))) throw new DomainError('forum.already_unlocked');
    return [
      {
        type: 'HiddenContentUnlocked',
        data: {
          topicId: command.topicId,
          memberId: command.memberId,
          authorId: command.authorId,
          type: command.hideType,
          blockIds: command.blockIds.filter((id) => !opened.has(id)),
          pricePaid: command.pricePaid,
          at: command.now.toISOString(),
        },
      },
    ];
  },
};

import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * A reader unlocked a topic's hidden content of one type (stream `topicUnlock-<topicId>.<memberId>`: one unlock
 * per type per reader, DOMAIN §4). Type 10 (password) now; 40 (points) and 50 (balance, fen) with the wallet,
 * carrying `pricePaid`. The author's reminders consume it.
 */
export const HiddenContentUnlocked = defineEvent({
  context: 'forum',
  aggregate: 'topicUnlock',
  type: 'HiddenContentUnlocked',
  schema: z.object({
    topicId: z.string(),
    memberId: z.string(),
    authorId: z.string(),
    type: z.union([z.literal(10), z.literal(40), z.literal(50)]),
    /** The blocks this unlock opened (type 10: those whose password matched). */
    blockIndexes: z.array(z.number().int()),
    pricePaid: z.number().int().nullable(),
    at: z.string(),
  }),
});

export type UnlockEvent = EventOf<typeof HiddenContentUnlocked>;

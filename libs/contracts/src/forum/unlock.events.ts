import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * A reader unlocked hidden blocks of one type in a topic (stream `topicUnlock-<topicId>:<memberId>`, docs/rules/forum.md, hidden content):
 * type 10 (password), 40 (points) and 50 (balance, fen, with `pricePaid`). It names the blocks it opened by their
 * stable ids (ADR 0025): an edit that moves, adds or retypes blocks never makes it open another one. The author's
 * reminders consume it.
 *
 * Schema v1 named blocks by position (`blockIndexes`); its upcaster keeps those positions as
 * `legacyBlockIndexes` with no ids: they open only the blocks at those positions of content written no later
 * than `at` (`legacyUnlockOpens` in `@forum/platform`), never whatever moved there afterwards.
 */
export const HiddenContentUnlocked = defineEvent({
  context: 'forum',
  aggregate: 'topicUnlock',
  type: 'HiddenContentUnlocked',
  schemaVersion: 2,
  upcasters: {
    1: (data) => {
      const { blockIndexes, ...rest } = data as { blockIndexes?: number[] };
      return { ...rest, blockIds: [], legacyBlockIndexes: blockIndexes ?? [] };
    },
  },
  schema: z.object({
    topicId: z.string(),
    memberId: z.string(),
    authorId: z.string(),
    type: z.union([z.literal(10), z.literal(40), z.literal(50)]),
    /** The blocks this unlock opened, by stable id (type 10: those whose password matched). */
    blockIds: z.array(z.string()),
    /** Only in unlocks recorded before stable ids (schema v1): the positions they opened at `at`. */
    legacyBlockIndexes: z.array(z.number().int()).optional(),
    pricePaid: z.number().int().nullable(),
    at: z.string(),
  }),
});

export type UnlockEvent = EventOf<typeof HiddenContentUnlocked>;

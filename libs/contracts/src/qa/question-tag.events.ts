import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** The question tag tree (stream `qaTagTree-qa`): the shared tag-tree rules, staff-made like the forum's. */
const TAG_TREE = { context: 'qa', aggregate: 'qaTagTree' } as const;

const tag = z.object({ tagId: z.string(), name: z.string(), parentId: z.string().nullable(), sort: z.number().int() });

export const QuestionTagCreated = defineEvent({ ...TAG_TREE, type: 'QuestionTagCreated', schema: tag });
export const QuestionTagChanged = defineEvent({ ...TAG_TREE, type: 'QuestionTagChanged', schema: tag });
export const QuestionTagDeleted = defineEvent({
  ...TAG_TREE,
  type: 'QuestionTagDeleted',
  schema: z.object({ tagId: z.string() }),
});

export type QuestionTagEvent =
  EventOf<typeof QuestionTagCreated> | EventOf<typeof QuestionTagChanged> | EventOf<typeof QuestionTagDeleted>;

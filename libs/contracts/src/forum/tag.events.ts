import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * The forum's tag tree is one small aggregate (stream `tagTree-forum`): staff edit it rarely, and one stream
 * makes its rules exact (parent exists, no cycle, no deleting a tag that has children, sibling names unique).
 */
const TAG_TREE = { context: 'forum', aggregate: 'tagTree' } as const;

export const TagCreated = defineEvent({
  ...TAG_TREE,
  type: 'TagCreated',
  schema: z.object({ tagId: z.string(), name: z.string(), parentId: z.string().nullable(), sort: z.number().int() }),
});

export const TagChanged = defineEvent({
  ...TAG_TREE,
  type: 'TagChanged',
  schema: z.object({ tagId: z.string(), name: z.string(), parentId: z.string().nullable(), sort: z.number().int() }),
});

export const TagDeleted = defineEvent({
  ...TAG_TREE,
  type: 'TagDeleted',
  schema: z.object({ tagId: z.string() }),
});

export type TagEvent = EventOf<typeof TagCreated> | EventOf<typeof TagChanged> | EventOf<typeof TagDeleted>;

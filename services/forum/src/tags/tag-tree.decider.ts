import type { TagEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';
import { tagTreeDecider as treeDecider } from '@forum/platform';
import type { TagTreeCommand, TagTreeState } from '@forum/platform';

export { isLeaf } from '@forum/platform';
export type { TagNode, TagTreeCommand, TagTreeState } from '@forum/platform';

export const TAG_TREE_STREAM = 'tagTree-forum';

/** The forum's topic tags: the shared tag-tree rules with the forum's events and error codes. */
export const tagTreeDecider: Decider<TagTreeState, TagTreeCommand, TagEvent> = treeDecider({
  name: 'tagTree',
  events: { created: 'TagCreated', changed: 'TagChanged', deleted: 'TagDeleted' },
  errors: {
    notFound: 'forum.tag_not_found',
    hasChildren: 'forum.tag_has_children',
    nameTaken: 'forum.tag_name_taken',
    parentInvalid: 'forum.tag_parent_invalid',
  },
});

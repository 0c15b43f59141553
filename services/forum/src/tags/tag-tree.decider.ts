import type { TagEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const TAG_TREE_STREAM = 'tagTree-forum';

export interface TagNode {
  name: string;
  parentId: string | null;
  sort: number;
}

export interface TagTreeState {
  tags: Record<string, TagNode>;
}

export type TagTreeCommand =
  | { type: 'CreateTag'; tagId: string; name: string; parentId: string | null; sort: number }
  | { type: 'ChangeTag'; tagId: string; name?: string; parentId?: string | null; sort?: number }
  | { type: 'DeleteTag'; tagId: string };

function siblingsNamed(state: TagTreeState, parentId: string | null, name: string, except?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return Object.entries(state.tags).some(
    ([id, tag]) => id !== except && tag.parentId === parentId && tag.name.toLowerCase() === wanted,
  );
}

/** Whether making `parentId` the parent of `tagId` keeps the tree a tree. */
function parentAllowed(state: TagTreeState, tagId: string, parentId: string | null): boolean {
  for (let at = parentId, steps = 0; at !== null; steps++) {
    const node = state.tags[at];
    if (!node || at === tagId || steps > 1000) return false;
    at = node.parentId;
  }
  return true;
}

export function isLeaf(state: TagTreeState, tagId: string): boolean {
  return Object.values(state.tags).every((tag) => tag.parentId !== tagId);
}

export const tagTreeDecider: Decider<TagTreeState, TagTreeCommand, TagEvent> = {
  name: 'tagTree',
  initialState: () => ({ tags: {} }),
  evolve(state, event) {
    const tags = { ...state.tags };
    switch (event.type) {
      case 'TagCreated':
      case 'TagChanged':
        tags[event.data.tagId] = { name: event.data.name, parentId: event.data.parentId, sort: event.data.sort };
        return { tags };
      case 'TagDeleted':
        delete tags[event.data.tagId];
        return { tags };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateTag': {
        if (state.tags[command.tagId]) return [];
        if (command.parentId !== null && !state.tags[command.parentId])
          throw new DomainError('forum.tag_parent_invalid');
        if (siblingsNamed(state, command.parentId, command.name)) throw new DomainError('forum.tag_name_taken');
        const { tagId, name, parentId, sort } = command;
        return [{ type: 'TagCreated', data: { tagId, name: name.trim(), parentId, sort } }];
      }
      case 'ChangeTag': {
        const current = state.tags[command.tagId];
        if (!current) throw new DomainError('forum.tag_not_found');
        const next: TagNode = {
          name: command.name?.trim() ?? current.name,
          parentId: command.parentId === undefined ? current.parentId : command.parentId,
          sort: command.sort ?? current.sort,
        };
        if (!parentAllowed(state, command.tagId, next.parentId)) throw new DomainError('forum.tag_parent_invalid');
        if (siblingsNamed(state, next.parentId, next.name, command.tagId))
          throw new DomainError('forum.tag_name_taken');
        if (next.name === current.name && next.parentId === current.parentId && next.sort === current.sort) return [];
        return [{ type: 'TagChanged', data: { tagId: command.tagId, ...next } }];
      }
      case 'DeleteTag': {
        if (!state.tags[command.tagId]) throw new DomainError('forum.tag_not_found');
        if (!isLeaf(state, command.tagId)) throw new DomainError('forum.tag_has_children');
        return [{ type: 'TagDeleted', data: { tagId: command.tagId } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

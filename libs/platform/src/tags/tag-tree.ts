import type { ErrorCode } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/**
 * A staff-made tag tree as one small aggregate (one stream per context: the forum's topic tags, the Q&A's
 * question tags). One stream makes its rules exact: parent exists, no cycle, no deleting a tag that has
 * children, sibling names unique. Each context names its own events and error codes.
 */
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

interface TagData {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
}

export type TagTreeEventOf<C extends string, H extends string, D extends string> =
  { type: C; data: TagData } | { type: H; data: TagData } | { type: D; data: { tagId: string } };

export interface TagTreeVocabulary<C extends string, H extends string, D extends string> {
  name: string;
  events: { created: C; changed: H; deleted: D };
  errors: { notFound: ErrorCode; hasChildren: ErrorCode; nameTaken: ErrorCode; parentInvalid: ErrorCode };
}

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

export function tagTreeDecider<C extends string, H extends string, D extends string>(
  vocabulary: TagTreeVocabulary<C, H, D>,
): Decider<TagTreeState, TagTreeCommand, TagTreeEventOf<C, H, D>> {
  const { events: types, errors } = vocabulary;
  type Event = TagTreeEventOf<C, H, D>;
  return {
    name: vocabulary.name,
    initialState: () => ({ tags: {} }),
    evolve(state, event) {
      const tags = { ...state.tags };
      if (event.type === types.deleted) delete tags[event.data.tagId];
      else {
        const { tagId, name, parentId, sort } = event.data as TagData;
        tags[tagId] = { name, parentId, sort };
      }
      return { tags };
    },
    decide(command, state): Event[] {
      switch (command.type) {
        case 'CreateTag': {
          if (state.tags[command.tagId]) return [];
          if (command.parentId !== null && !state.tags[command.parentId]) throw new DomainError(errors.parentInvalid);
          if (siblingsNamed(state, command.parentId, command.name)) throw new DomainError(errors.nameTaken);
          const { tagId, name, parentId, sort } = command;
          return [{ type: types.created, data: { tagId, name: name.trim(), parentId, sort } }];
        }
        case 'ChangeTag': {
          const current = state.tags[command.tagId];
          if (!current) throw new DomainError(errors.notFound);
          const next: TagNode = {
            name: command.name?.trim() ?? current.name,
            parentId: command.parentId === undefined ? current.parentId : command.parentId,
            sort: command.sort ?? current.sort,
          };
          if (!parentAllowed(state, command.tagId, next.parentId)) throw new DomainError(errors.parentInvalid);
          if (siblingsNamed(state, next.parentId, next.name, command.tagId)) throw new DomainError(errors.nameTaken);
          if (next.name === current.name && next.parentId === current.parentId && next.sort === current.sort) return [];
          return [{ type: types.changed, data: { tagId: command.tagId, ...next } }];
        }
        case 'DeleteTag': {
          if (!state.tags[command.tagId]) throw new DomainError(errors.notFound);
          if (!isLeaf(state, command.tagId)) throw new DomainError(errors.hasChildren);
          return [{ type: types.deleted, data: { tagId: command.tagId } }];
        }
        default: {
          const unknown: never = command;
          throw new Error(`unknown command ${String(unknown)}`);
        }
      }
    },
  };
}

import type { TopicEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface TopicState {
  posted: boolean;
  authorId: string | null;
  deleted: boolean;
  pinWeight: number;
  essence: boolean;
  /** The topic's red envelope, named again when the topic is deleted (its rest is refunded then). */
  redEnvelopeId?: string | null;
}

interface Editor {
  by: string;
  /** Staff may act on any topic; members only on their own. */
  byStaff: boolean;
  now: Date;
}

export interface PostTopic {
  type: 'PostTopic';
  topicId: string;
  authorId: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  tagIds: string[];
  mentions?: string[];
  isStaff?: boolean;
  ipLocation?: string | null;
  /** Sent (frozen) by the wallet before the topic is posted. */
  redEnvelopeId?: string | null;
  now: Date;
}

export interface EditTopic extends Editor {
  type: 'EditTopic';
  title: string;
  content: string;
  tagIds: string[];
  mentions: string[];
}

export interface DeleteTopic extends Editor {
  type: 'DeleteTopic';
}

export interface RestoreTopic extends Editor {
  type: 'RestoreTopic';
}

/** `weight` 0 unpins. */
export interface PinTopic extends Editor {
  type: 'PinTopic';
  weight: number;
}

export interface SetEssence extends Editor {
  type: 'SetEssence';
  essence: boolean;
}

export type TopicCommand = PostTopic | EditTopic | DeleteTopic | RestoreTopic | PinTopic | SetEssence;

/** The live topic, acted on by its author or staff. */
function requireLive(state: TopicState, command: Editor, staffOnly = false): void {
  if (!state.posted || state.deleted) throw new DomainError('forum.topic_not_found');
  if (!command.byStaff && (staffOnly || command.by !== state.authorId)) throw new DomainError('auth.forbidden');
}

export function decideTopic(command: TopicCommand & { topicId: string }, state: TopicState): TopicEvent[] {
  const topicId = command.topicId;
  switch (command.type) {
    case 'PostTopic': {
      if (state.posted) throw new DomainError('forum.topic_exists');
      return [
        {
          type: 'TopicPosted',
          data: {
            topicId,
            authorId: command.authorId,
            title: command.title.trim(),
            content: command.content,
            tagIds: [...new Set(command.tagIds)],
            postedAt: command.now.toISOString(),
            isStaff: command.isStaff ?? false,
            ipLocation: command.ipLocation ?? null,
            mentions: command.mentions ?? [],
            ...(command.redEnvelopeId ? { redEnvelopeId: command.redEnvelopeId } : {}),
          },
        },
      ];
    }
    case 'EditTopic': {
      requireLive(state, command);
      return [
        {
          type: 'TopicEdited',
          data: {
            topicId,
            title: command.title.trim(),
            content: command.content,
            tagIds: [...new Set(command.tagIds)],
            mentions: command.mentions,
            by: command.by,
            editedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'DeleteTopic': {
      requireLive(state, command);
      const data = {
        topicId,
        authorId: state.authorId!,
        by: command.by,
        deletedAt: command.now.toISOString(),
        ...(state.redEnvelopeId ? { redEnvelopeId: state.redEnvelopeId } : {}),
      };
      return [{ type: 'TopicDeleted', data }];
    }
    case 'RestoreTopic': {
      if (!state.posted) throw new DomainError('forum.topic_not_found');
      if (!command.byStaff) throw new DomainError('auth.forbidden');
      if (!state.deleted) throw new DomainError('forum.topic_not_deleted');
      const data = { topicId, authorId: state.authorId!, by: command.by, restoredAt: command.now.toISOString() };
      return [{ type: 'TopicRestored', data }];
    }
    case 'PinTopic': {
      requireLive(state, command, true);
      const at = command.now.toISOString();
      if (command.weight === state.pinWeight) return [];
      if (command.weight === 0) return [{ type: 'TopicUnpinned', data: { topicId, by: command.by, at } }];
      return [{ type: 'TopicPinned', data: { topicId, weight: command.weight, by: command.by, at } }];
    }
    case 'SetEssence': {
      requireLive(state, command, true);
      if (command.essence === state.essence) return [];
      const data = { topicId, by: command.by, at: command.now.toISOString() };
      return [command.essence ? { type: 'TopicEssenceSet', data } : { type: 'TopicEssenceCleared', data }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

/**
 * A topic's life: posted, edited, deleted and restored, pinned and featured. Members act on their own topics
 * (site switches are checked by the command handlers, which know the settings); pin, essence and restore are
 * staff's. A command that changes nothing (pin at the same weight, essence already set) appends nothing.
 */
export const topicDecider: Decider<TopicState, TopicCommand & { topicId: string }, TopicEvent> = {
  name: 'topic',
  initialState: () => ({ posted: false, authorId: null, deleted: false, pinWeight: 0, essence: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'TopicPosted':
        return { ...state, posted: true, authorId: event.data.authorId, redEnvelopeId: event.data.redEnvelopeId };
      case 'TopicEdited':
        return state;
      case 'TopicDeleted':
        return { ...state, deleted: true };
      case 'TopicRestored':
        return { ...state, deleted: false };
      case 'TopicPinned':
        return { ...state, pinWeight: event.data.weight };
      case 'TopicUnpinned':
        return { ...state, pinWeight: 0 };
      case 'TopicEssenceSet':
        return { ...state, essence: true };
      case 'TopicEssenceCleared':
        return { ...state, essence: false };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide: decideTopic,
};

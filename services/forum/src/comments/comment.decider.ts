import type { CommentEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';
import type { Editor } from '../shared/editor';

/** How many quoted comments a new quote keeps: the nearest ones; older links fall off the chain. */
export const QUOTE_CHAIN_MAX = 20;

export interface CommentState {
  status: 'none' | 'posted' | 'deleted';
  commentId: string | null;
  topicId: string | null;
  authorId: string | null;
  quoteChain: string[];
  contentHtml: string;
}

export interface PostComment {
  type: 'PostComment';
  commentId: string;
  topicId: string;
  authorId: string;
  isStaff: boolean;
  contentHtml: string;
  /** The quoted comment's id and its own chain (read from its stream by the handler), or null. */
  quoted: { commentId: string; quoteChain: string[] } | null;
  mentions: string[];
  now: Date;
}

export interface EditComment {
  type: 'EditComment';
  by: Editor;
  contentHtml: string;
  mentions: string[];
  now: Date;
}

export interface DeleteComment {
  type: 'DeleteComment';
  by: Editor;
  now: Date;
}

/** Staff only: brings back a deleted comment (the handler checks the permission; the decider checks staff). */
export interface RestoreComment {
  type: 'RestoreComment';
  by: Editor;
  now: Date;
}

export type CommentCommand = PostComment | EditComment | DeleteComment | RestoreComment;

/** The comment's owner data, or the refusal: deleted or never posted is "not found", someone else's is forbidden. */
function live(state: CommentState, by: Editor): { topicId: string; authorId: string } {
  if (state.status !== 'posted') throw new DomainError('forum.comment_not_found');
  if (state.authorId !== by.id && !by.staff) throw new DomainError('auth.forbidden');
  return { topicId: state.topicId!, authorId: state.authorId! };
}

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  name: 'comment',
  initialState: () => ({
    status: 'none',
    commentId: null,
    topicId: null,
    authorId: null,
    quoteChain: [],
    contentHtml: '',
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CommentPosted':
        return {
          status: 'posted',
          commentId: event.data.commentId,
          topicId: event.data.topicId,
          authorId: event.data.authorId,
          quoteChain: event.data.quoteChain,
          contentHtml: event.data.contentHtml,
        };
      case 'CommentEdited':
        return { ...state, contentHtml: event.data.contentHtml };
      case 'CommentDeleted':
        return { ...state, status: 'deleted' };
      case 'CommentRestored':
        return { ...state, status: 'posted' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PostComment': {
        if (state.status !== 'none') throw new DomainError('forum.comment_exists');
        const quoteChain = command.quoted
          ? [...command.quoted.quoteChain, command.quoted.commentId].slice(-QUOTE_CHAIN_MAX)
          : [];
        return [
          {
            type: 'CommentPosted',
            data: {
              commentId: command.commentId,
              topicId: command.topicId,
              authorId: command.authorId,
              contentHtml: command.contentHtml,
              quotedCommentId: command.quoted?.commentId ?? null,
              quoteChain,
              mentions: command.mentions,
              postedAt: command.now.toISOString(),
              isStaff: command.isStaff,
            },
          },
        ];
      }
      case 'EditComment': {
        const { topicId } = live(state, command.by);
        if (command.contentHtml === state.contentHtml) return [];
        return [
          {
            type: 'CommentEdited',
            data: {
              commentId: state.commentId!,
              topicId,
              contentHtml: command.contentHtml,
              mentions: command.mentions,
              by: command.by.id,
              editedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'DeleteComment': {
        const { topicId, authorId } = live(state, command.by);
        return [
          {
            type: 'CommentDeleted',
            data: {
              commentId: state.commentId!,
              topicId,
              authorId,
              by: command.by.id,
              deletedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'RestoreComment': {
        if (state.status === 'none') throw new DomainError('forum.comment_not_found');
        if (!command.by.staff) throw new DomainError('auth.forbidden');
        if (state.status !== 'deleted') throw new DomainError('forum.comment_not_deleted');
        return [
          {
            type: 'CommentRestored',
            data: {
              commentId: state.commentId!,
              topicId: state.topicId!,
              authorId: state.authorId!,
              by: command.by.id,
              restoredAt: command.now.toISOString(),
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

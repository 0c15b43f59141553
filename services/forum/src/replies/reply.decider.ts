import type { ReplyEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';
import type { Editor } from '../shared/editor';

export interface ReplyState {
  status: 'none' | 'posted' | 'deleted';
  replyId: string | null;
  commentId: string | null;
  topicId: string | null;
  authorId: string | null;
  contentHtml: string;
}

export interface PostReply {
  type: 'PostReply';
  replyId: string;
  commentId: string;
  topicId: string;
  authorId: string;
  isStaff: boolean;
  contentHtml: string;
  /** The reply answered (same comment, checked by the handler from its stream) and its author, or null. */
  replyTo: { replyId: string; memberId: string } | null;
  mentions: string[];
  now: Date;
}

export interface EditReply {
  type: 'EditReply';
  by: Editor;
  contentHtml: string;
  mentions: string[];
  now: Date;
}

export interface DeleteReply {
  type: 'DeleteReply';
  by: Editor;
  now: Date;
}

/** Staff only: brings back a deleted reply. */
export interface RestoreReply {
  type: 'RestoreReply';
  by: Editor;
  now: Date;
}

export type ReplyCommand = PostReply | EditReply | DeleteReply | RestoreReply;

function live(
  state: ReplyState,
  by: Editor,
): { replyId: string; commentId: string; topicId: string; authorId: string } {
  if (state.status !== 'posted') throw new DomainError('forum.reply_not_found');
  if (state.authorId !== by.id && !by.staff) throw new DomainError('auth.forbidden');
  return { replyId: state.replyId!, commentId: state.commentId!, topicId: state.topicId!, authorId: state.authorId! };
}

export const replyDecider: Decider<ReplyState, ReplyCommand, ReplyEvent> = {
  name: 'reply',
  initialState: () => ({
    status: 'none',
    replyId: null,
    commentId: null,
    topicId: null,
    authorId: null,
    contentHtml: '',
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'ReplyPosted':
        return {
          status: 'posted',
          replyId: event.data.replyId,
          commentId: event.data.commentId,
          topicId: event.data.topicId,
          authorId: event.data.authorId,
          contentHtml: event.data.contentHtml,
        };
      case 'ReplyEdited':
        return { ...state, contentHtml: event.data.contentHtml };
      case 'ReplyDeleted':
        return { ...state, status: 'deleted' };
      case 'ReplyRestored':
        return { ...state, status: 'posted' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PostReply':
        if (state.status !== 'none') throw new DomainError('forum.reply_exists');
        return [
          {
            type: 'ReplyPosted',
            data: {
              replyId: command.replyId,
              commentId: command.commentId,
              topicId: command.topicId,
              authorId: command.authorId,
              replyToReplyId: command.replyTo?.replyId ?? null,
              replyToMemberId: command.replyTo?.memberId ?? null,
              contentHtml: command.contentHtml,
              mentions: command.mentions,
              postedAt: command.now.toISOString(),
              isStaff: command.isStaff,
            },
          },
        ];
      case 'EditReply': {
        const owner = live(state, command.by);
        if (command.contentHtml === state.contentHtml) return [];
        return [
          {
            type: 'ReplyEdited',
            data: {
              replyId: owner.replyId,
              commentId: owner.commentId,
              topicId: owner.topicId,
              contentHtml: command.contentHtml,
              mentions: command.mentions,
              by: command.by.id,
              editedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'DeleteReply': {
        const owner = live(state, command.by);
        return [{ type: 'ReplyDeleted', data: { ...owner, by: command.by.id, deletedAt: command.now.toISOString() } }];
      }
      case 'RestoreReply': {
        if (state.status === 'none') throw new DomainError('forum.reply_not_found');
        if (!command.by.staff) throw new DomainError('auth.forbidden');
        if (state.status !== 'deleted') throw new DomainError('forum.reply_not_deleted');
        const owner = { replyId: state.replyId!, commentId: state.commentId!, topicId: state.topicId! };
        const data = { ...owner, authorId: state.authorId!, by: command.by.id, restoredAt: command.now.toISOString() };
        return [{ type: 'ReplyRestored', data }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

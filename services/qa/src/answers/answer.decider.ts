import { streamId } from '@forum/contracts';
import type { AnswerEvent, AnswerReplyEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';
import type { Actor } from '../questions/question.decider';

export const answerStream = (answerId: string) => streamId('answer', answerId);
export const answerReplyStream = (replyId: string) => streamId('answerReply', replyId);

/** What answers and answer replies share: who wrote them, under which question, whether deleted. */
export interface PostState {
  posted: boolean;
  authorId: string | null;
  questionId: string | null;
  answerId: string | null;
  isStaff: boolean;
  deleted: boolean;
}

interface Post {
  content: string;
  mentions: string[];
  isStaff: boolean;
  authorId: string;
  questionId: string;
  now: Date;
}

/** `adopted`: the answer is the question's adopted one (the question's state, looked up by the handler). */
export type AnswerCommand =
  | ({ type: 'PostAnswer'; answerId: string } & Post)
  | ({ type: 'EditAnswer'; answerId: string; content: string; mentions: string[]; adopted: boolean } & Actor)
  | ({ type: 'DeleteAnswer'; answerId: string; adopted: boolean } & Actor);

export type AnswerReplyCommand =
  | ({ type: 'PostAnswerReply'; replyId: string; answerId: string; parentReplyId: string | null } & Post)
  | ({ type: 'EditAnswerReply'; replyId: string; content: string; mentions: string[] } & Actor)
  | ({ type: 'DeleteAnswerReply'; replyId: string } & Actor);

const initialState = (): PostState => ({
  posted: false,
  authorId: null,
  questionId: null,
  answerId: null,
  isStaff: false,
  deleted: false,
});

function requireOwn(state: PostState, actor: Actor, notFound: 'qa.answer_not_found' | 'qa.answer_reply_not_found') {
  if (!state.posted || state.deleted) throw new DomainError(notFound);
  if (!actor.byStaff && actor.by !== state.authorId) throw new DomainError('auth.forbidden');
}

function evolvePost(state: PostState, event: AnswerEvent | AnswerReplyEvent): PostState {
  switch (event.type) {
    case 'AnswerPosted':
    case 'AnswerReplyPosted':
      return {
        posted: true,
        authorId: event.data.authorId,
        questionId: event.data.questionId,
        answerId: event.data.answerId,
        isStaff: event.data.isStaff,
        deleted: false,
      };
    case 'AnswerDeleted':
    case 'AnswerReplyDeleted':
      return { ...state, deleted: true };
    case 'AnswerRestored':
    case 'AnswerReplyRestored':
      return { ...state, deleted: false };
    default:
      return state;
  }
}

/**
 * An answer: posted, edited and deleted by its author (or staff). Once adopted its author can no longer edit or
 * delete it (the reward was paid for what it says); staff still can.
 */
export const answerDecider: Decider<PostState, AnswerCommand, AnswerEvent> = {
  name: 'answer',
  initialState,
  evolve: evolvePost,
  decide(command, state): AnswerEvent[] {
    const at = command.now.toISOString();
    const { answerId } = command;
    if (command.type === 'PostAnswer') {
      if (state.posted) return [];
      const { questionId, authorId, content, mentions, isStaff } = command;
      return [
        { type: 'AnswerPosted', data: { answerId, questionId, authorId, content, mentions, isStaff, postedAt: at } },
      ];
    }
    requireOwn(state, command, 'qa.answer_not_found');
    if (command.adopted && !command.byStaff) throw new DomainError('qa.adopted_answer_locked');
    const questionId = state.questionId!;
    if (command.type === 'EditAnswer') {
      const { content, mentions, by } = command;
      return [{ type: 'AnswerEdited', data: { answerId, questionId, content, mentions, by, editedAt: at } }];
    }
    const data = { answerId, questionId, authorId: state.authorId!, by: command.by, deletedAt: at };
    return [{ type: 'AnswerDeleted', data }];
  },
};

/** A reply to an answer (or to another reply of it): posted, edited, deleted by its author or staff. */
export const answerReplyDecider: Decider<PostState, AnswerReplyCommand, AnswerReplyEvent> = {
  name: 'answerReply',
  initialState,
  evolve: evolvePost,
  decide(command, state): AnswerReplyEvent[] {
    const at = command.now.toISOString();
    const { replyId } = command;
    if (command.type === 'PostAnswerReply') {
      if (state.posted) return [];
      const { answerId, questionId, parentReplyId, authorId, content, mentions, isStaff } = command;
      const data = { replyId, answerId, questionId, parentReplyId, authorId, content, mentions, isStaff, postedAt: at };
      return [{ type: 'AnswerReplyPosted', data }];
    }
    requireOwn(state, command, 'qa.answer_reply_not_found');
    const ids = { replyId, answerId: state.answerId!, questionId: state.questionId! };
    if (command.type === 'EditAnswerReply') {
      const { content, mentions, by } = command;
      return [{ type: 'AnswerReplyEdited', data: { ...ids, content, mentions, by, editedAt: at } }];
    }
    return [{ type: 'AnswerReplyDeleted', data: { ...ids, authorId: state.authorId!, by: command.by, deletedAt: at } }];
  },
};

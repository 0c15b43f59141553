import { qaContentCommands } from '@forum/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type {
  AnswerEvent,
  AnswerReplyEvent,
  CommandMetadata,
  ErrorCode,
  NewEvent,
  QuestionEvent,
} from '@forum/contracts';
import { Decider, DomainError, EventStore, fold } from '@forum/event-store';
import { PeerCommands, registerContentModeration } from '@forum/platform';
import type { ModerationAction } from '@forum/platform';
import { AnswerCommands } from './answers/answer.commands';
import { answerDecider, answerReplyDecider, answerReplyStream, answerStream } from './answers/answer.decider';
import type { PostState } from './answers/answer.decider';
import { withoutAddress } from './qa-policy';
import { QuestionCommands } from './questions/question.commands';
import { questionDecider, questionStream } from './questions/question.decider';
import type { QuestionState } from './questions/question.decider';

type QaKind = 'question' | 'answer' | 'answerReply';

interface ContentRef {
  kind: QaKind;
  contentId: string;
}

const NOT_FOUND = {
  question: 'qa.question_not_found',
  answer: 'qa.answer_not_found',
  answerReply: 'qa.answer_reply_not_found',
} as const;

interface Restore {
  type: 'Restore';
  id: string;
  by: string;
  now: Date;
}

/**
 * Restoring is staff's only: the deciders' own `evolve` (same names, so the store's state cache stays one), with a
 * decision that brings a deleted item back and leaves a live one alone.
 */
function restorer<TState extends { deleted: boolean }, TEvent extends NewEvent>(
  decider: Pick<Decider<TState, never, TEvent>, 'name' | 'initialState' | 'evolve'>,
  exists: (state: TState) => boolean,
  notFound: ErrorCode,
  restored: (command: Restore, state: TState) => TEvent,
): Decider<TState, Restore, TEvent> {
  return {
    name: decider.name,
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(command, state) {
      if (!exists(state)) throw new DomainError(notFound);
      if (!state.deleted) return [];
      return [restored(command, state)];
    },
  };
}

export const questionRestorer = restorer<QuestionState, QuestionEvent>(
  questionDecider,
  (state) => state.asked,
  NOT_FOUND.question,
  (command, state) => ({
    type: 'QuestionRestored',
    data: { questionId: command.id, askerId: state.askerId!, by: command.by, restoredAt: command.now.toISOString() },
  }),
);

export const answerRestorer = restorer<PostState, AnswerEvent>(
  answerDecider,
  (state) => state.posted,
  NOT_FOUND.answer,
  (command, state) => {
    const { questionId, authorId } = state as { questionId: string; authorId: string };
    const data = { answerId: command.id, questionId, authorId, by: command.by, restoredAt: command.now.toISOString() };
    return { type: 'AnswerRestored', data };
  },
);

export const answerReplyRestorer = restorer<PostState, AnswerReplyEvent>(
  answerReplyDecider,
  (state) => state.posted,
  NOT_FOUND.answerReply,
  (command, state) => {
    const { questionId, answerId, authorId } = state as { questionId: string; answerId: string; authorId: string };
    const data = {
      replyId: command.id,
      answerId,
      questionId,
      authorId,
      by: command.by,
      restoredAt: command.now.toISOString(),
    };
    return { type: 'AnswerReplyRestored', data };
  },
);

/**
 * The moderation context's commands on Q&A content (ADR 0020, 0021): `qa.deleteContent` and `qa.restoreContent`
 * (see `registerContentModeration`). Deleting runs Q&A's own staff delete (a question without an adopted answer
 * refunds its bounty, as for any deletion); restoring brings the item back (without a refunded bounty).
 */
@Injectable()
export class QaModerationPeers implements OnModuleInit {
  constructor(
    private readonly peers: PeerCommands,
    private readonly store: EventStore,
    private readonly questions: QuestionCommands,
    private readonly answers: AnswerCommands,
  ) {}

  onModuleInit(): void {
    registerContentModeration(this.peers, qaContentCommands, {
      isDeleted: (ref) => this.isDeleted(ref),
      change: (ref, action, meta) => this.change(ref, action, meta),
    });
  }

  private async change({ kind, contentId }: ContentRef, action: ModerationAction, meta: CommandMetadata) {
    if (action === 'delete') {
      if (kind === 'question') await this.questions.remove(contentId, meta);
      else if (kind === 'answer') await this.answers.remove(contentId, meta);
      else await this.answers.removeReply(contentId, meta);
      return;
    }
    const restore: Restore = { type: 'Restore', id: contentId, by: meta.actor.id!, now: meta.now };
    const stored = withoutAddress(meta);
    if (kind === 'question') await this.store.handle(questionRestorer, questionStream(contentId), restore, stored);
    else if (kind === 'answer') await this.store.handle(answerRestorer, answerStream(contentId), restore, stored);
    else await this.store.handle(answerReplyRestorer, answerReplyStream(contentId), restore, stored);
  }

  /** Whether the item is deleted now, from its own stream; unknown items are refused with Q&A's not-found. */
  private async isDeleted({ kind, contentId }: ContentRef): Promise<boolean> {
    if (!(kind in NOT_FOUND) || typeof contentId !== 'string') throw new DomainError('common.validation_failed');
    if (kind === 'question') {
      const state = fold(questionDecider, (await this.store.readStream(questionStream(contentId))) as never);
      if (!state.asked) throw new DomainError(NOT_FOUND.question);
      return state.deleted;
    }
    const stream = kind === 'answer' ? answerStream(contentId) : answerReplyStream(contentId);
    const state = fold(answerDecider, (await this.store.readStream(stream)) as never);
    if (!state.posted) throw new DomainError(NOT_FOUND[kind]);
    return state.deleted;
  }
}

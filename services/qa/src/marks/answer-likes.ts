import { Inject, Injectable } from '@nestjs/common';
import type { AnswerLikeTarget, CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { answerDecider, answerReplyDecider, answerReplyStream, answerStream } from '../answers/answer.decider';
import { actorOf } from '../qa-policy';
import { answerLikeDecider, answerLikeStream } from './answer-like.decider';
import { writeMark } from './mark-write';

export interface AnswerLikeWritten {
  targetId: string;
  liked: boolean;
  visible: boolean;
}

/** Likes of answers and answer replies: one small stream per (target, member), like the question's marks. */
@Injectable()
export class AnswerLikes {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async set(targetKind: AnswerLikeTarget, targetId: string, on: boolean, meta: CommandMetadata) {
    const { by } = actorOf(meta);
    const target =
      targetKind === 'answer'
        ? fold(answerDecider, (await this.store.readStream(answerStream(targetId))) as never)
        : fold(answerReplyDecider, (await this.store.readStream(answerReplyStream(targetId))) as never);
    if (!target.posted || target.deleted) {
      throw new DomainError(targetKind === 'answer' ? 'qa.answer_not_found' : 'qa.answer_reply_not_found');
    }
    const command = {
      targetKind,
      targetId,
      answerId: target.answerId!,
      questionId: target.questionId!,
      memberId: by,
      targetAuthorId: target.authorId!,
      on,
      now: meta.now,
    };
    const writing = { store: this.store, waiter: this.waiter, timeoutMs: this.config.READ_YOUR_WRITES_TIMEOUT_MS };
    const visible = await writeMark(writing, answerLikeDecider, answerLikeStream(targetId, by), command, meta);
    return { targetId, liked: on, visible } satisfies AnswerLikeWritten;
  }
}

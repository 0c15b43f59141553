import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { newId } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import type { HandleResult } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { QaMentions } from '../qa-mentions';
import { actorOf, QaPolicy, withoutAddress } from '../qa-policy';
import { QaReview } from '../review/qa-review';
import { questionDecider, questionStream } from '../questions/question.decider';
import type { QuestionState } from '../questions/question.decider';
import type { ContentBody } from '../questions/question.schemas';
import { questionsProjection } from '../questions/questions.projection';
import { answerDecider, answerReplyDecider, answerReplyStream, answerStream } from './answer.decider';
import type { PostState } from './answer.decider';

export interface AnswerWritten {
  id: string;
  version: number;
  visible: boolean;
  /** Held for review (ADR 0024): not posted until staff approve it. */
  pending?: boolean;
}

export interface ReplyBody extends ContentBody {
  parentReplyId?: string | null;
}

/**
 * Answers and answer replies (docs/rules/qa.md): the `answers` switch governs answers, `questionAddenda` replies;
 * posting needs `answer.post` on every tag of the question (staff may always). An adopted answer is its
 * author's no more to edit or delete.
 */
@Injectable()
export class AnswerCommands {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly policy: QaPolicy,
    private readonly mentions: QaMentions,
    private readonly review: QaReview,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async post(questionId: string, body: ContentBody, meta: CommandMetadata): Promise<AnswerWritten> {
    const actor = actorOf(meta);
    this.policy.requireSwitch('answers', actor);
    const question = await this.liveQuestion(questionId);
    await this.policy.requirePermission(meta, 'answer.post', question.tagIds);
    const content = this.policy.prepare(body.content);
    const mentions = await this.mentions.of(content);
    const answerId = newId(meta.now.getTime());
    if (this.review.required('answer', actor.byStaff)) {
      const payload = { kind: 'answer' as const, questionId, content, mentions };
      const { visible } = await this.review.submit(answerId, actor.by, payload, meta);
      return { id: answerId, version: 0, visible, pending: true };
    }
    const command = {
      type: 'PostAnswer' as const,
      answerId,
      questionId,
      authorId: actor.by,
      content,
      mentions,
      isStaff: actor.byStaff,
      now: meta.now,
    };
    return this.written(
      answerId,
      await this.store.handle(answerDecider, answerStream(answerId), command, withoutAddress(meta)),
    );
  }

  async edit(answerId: string, body: ContentBody, meta: CommandMetadata): Promise<AnswerWritten> {
    const actor = await this.policy.moderatorOf(meta);
    this.policy.requireSwitch('answers', actor);
    const content = this.policy.prepare(body.content);
    const mentions = await this.mentions.of(content);
    const adopted = await this.isAdopted(answerId);
    const command = { type: 'EditAnswer' as const, answerId, content, mentions, adopted, ...actor };
    return this.written(
      answerId,
      await this.store.handle(answerDecider, answerStream(answerId), command, withoutAddress(meta)),
    );
  }

  async remove(answerId: string, meta: CommandMetadata): Promise<AnswerWritten> {
    const adopted = await this.isAdopted(answerId);
    const command = { type: 'DeleteAnswer' as const, answerId, adopted, ...(await this.policy.moderatorOf(meta)) };
    return this.written(
      answerId,
      await this.store.handle(answerDecider, answerStream(answerId), command, withoutAddress(meta)),
    );
  }

  async reply(answerId: string, body: ReplyBody, meta: CommandMetadata): Promise<AnswerWritten> {
    const actor = actorOf(meta);
    this.policy.requireSwitch('questionAddenda', actor);
    const answer = await this.post_(answerDecider, answerStream(answerId));
    if (!answer.posted || answer.deleted) throw new DomainError('qa.answer_not_found');
    const question = await this.liveQuestion(answer.questionId!);
    await this.policy.requirePermission(meta, 'answer.post', question.tagIds);
    const parentReplyId = body.parentReplyId ?? null;
    if (parentReplyId) {
      const parent = await this.post_(answerReplyDecider, answerReplyStream(parentReplyId));
      if (!parent.posted || parent.deleted || parent.answerId !== answerId)
        throw new DomainError('qa.answer_reply_not_found');
    }
    const content = this.policy.prepare(body.content);
    const mentions = await this.mentions.of(content);
    const replyId = newId(meta.now.getTime());
    if (this.review.required('answerReply', actor.byStaff)) {
      const questionId = answer.questionId!;
      const payload = { kind: 'answerReply' as const, questionId, answerId, parentReplyId, content, mentions };
      const { visible } = await this.review.submit(replyId, actor.by, payload, meta);
      return { id: replyId, version: 0, visible, pending: true };
    }
    const command = {
      type: 'PostAnswerReply' as const,
      replyId,
      answerId,
      questionId: answer.questionId!,
      parentReplyId,
      authorId: actor.by,
      content,
      mentions,
      isStaff: actor.byStaff,
      now: meta.now,
    };
    return this.written(
      replyId,
      await this.store.handle(answerReplyDecider, answerReplyStream(replyId), command, withoutAddress(meta)),
    );
  }

  async editReply(replyId: string, body: ContentBody, meta: CommandMetadata): Promise<AnswerWritten> {
    const actor = await this.policy.moderatorOf(meta);
    this.policy.requireSwitch('questionAddenda', actor);
    const content = this.policy.prepare(body.content);
    const mentions = await this.mentions.of(content);
    const command = { type: 'EditAnswerReply' as const, replyId, content, mentions, ...actor };
    return this.written(
      replyId,
      await this.store.handle(answerReplyDecider, answerReplyStream(replyId), command, withoutAddress(meta)),
    );
  }

  async removeReply(replyId: string, meta: CommandMetadata): Promise<AnswerWritten> {
    const command = { type: 'DeleteAnswerReply' as const, replyId, ...(await this.policy.moderatorOf(meta)) };
    return this.written(
      replyId,
      await this.store.handle(answerReplyDecider, answerReplyStream(replyId), command, withoutAddress(meta)),
    );
  }

  private async liveQuestion(questionId: string): Promise<QuestionState> {
    const state = fold(questionDecider, (await this.store.readStream(questionStream(questionId))) as never);
    if (!state.asked || state.deleted) throw new DomainError('qa.question_not_found');
    return state;
  }

  private async isAdopted(answerId: string): Promise<boolean> {
    const answer = await this.post_(answerDecider, answerStream(answerId));
    if (!answer.posted) throw new DomainError('qa.answer_not_found');
    const question = fold(questionDecider, (await this.store.readStream(questionStream(answer.questionId!))) as never);
    return question.adopted?.answerId === answerId;
  }

  private async post_(decider: typeof answerDecider | typeof answerReplyDecider, stream: string): Promise<PostState> {
    return fold(decider as typeof answerDecider, (await this.store.readStream(stream)) as never);
  }

  private async written(id: string, result: HandleResult): Promise<AnswerWritten> {
    const visible =
      result.events.length === 0 ||
      (await this.waiter.waitFor(
        questionsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      ));
    return { id, version: result.version, visible };
  }
}

/* The routes' commands (ADR 0041): each handler runs one of the methods above. */

export class PostAnswerCommand extends Command<AnswerWritten> {
  constructor(
    readonly questionId: string,
    readonly body: ContentBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditAnswerCommand extends Command<AnswerWritten> {
  constructor(
    readonly answerId: string,
    readonly body: ContentBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveAnswerCommand extends Command<AnswerWritten> {
  constructor(
    readonly answerId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A reply to the answer, or (`parentReplyId`) to one of its replies. */
export class ReplyToAnswerCommand extends Command<AnswerWritten> {
  constructor(
    readonly answerId: string,
    readonly body: ReplyBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditAnswerReplyCommand extends Command<AnswerWritten> {
  constructor(
    readonly replyId: string,
    readonly body: ContentBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveAnswerReplyCommand extends Command<AnswerWritten> {
  constructor(
    readonly replyId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(PostAnswerCommand)
export class PostAnswerHandler implements ICommandHandler<PostAnswerCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ questionId, body, meta }: PostAnswerCommand): Promise<AnswerWritten> {
    return this.answers.post(questionId, body, meta);
  }
}

@CommandHandler(EditAnswerCommand)
export class EditAnswerHandler implements ICommandHandler<EditAnswerCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ answerId, body, meta }: EditAnswerCommand): Promise<AnswerWritten> {
    return this.answers.edit(answerId, body, meta);
  }
}

@CommandHandler(RemoveAnswerCommand)
export class RemoveAnswerHandler implements ICommandHandler<RemoveAnswerCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ answerId, meta }: RemoveAnswerCommand): Promise<AnswerWritten> {
    return this.answers.remove(answerId, meta);
  }
}

@CommandHandler(ReplyToAnswerCommand)
export class ReplyToAnswerHandler implements ICommandHandler<ReplyToAnswerCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ answerId, body, meta }: ReplyToAnswerCommand): Promise<AnswerWritten> {
    return this.answers.reply(answerId, body, meta);
  }
}

@CommandHandler(EditAnswerReplyCommand)
export class EditAnswerReplyHandler implements ICommandHandler<EditAnswerReplyCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ replyId, body, meta }: EditAnswerReplyCommand): Promise<AnswerWritten> {
    return this.answers.editReply(replyId, body, meta);
  }
}

@CommandHandler(RemoveAnswerReplyCommand)
export class RemoveAnswerReplyHandler implements ICommandHandler<RemoveAnswerReplyCommand> {
  constructor(private readonly answers: AnswerCommands) {}

  execute({ replyId, meta }: RemoveAnswerReplyCommand): Promise<AnswerWritten> {
    return this.answers.removeReply(replyId, meta);
  }
}

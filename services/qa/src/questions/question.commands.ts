import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata, QuestionEvent, QuestionWritten } from '@forum/contracts';
import { newId } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import type { HandleResult } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { answerDecider, answerStream } from '../answers/answer.decider';
import type { PostState } from '../answers/answer.decider';
import { QaBounties } from '../bounties/qa-bounties';
import { QaMentions } from '../qa-mentions';
import { QaReview } from '../review/qa-review';
import { actorOf, QaPolicy, withoutAddress } from '../qa-policy';
import { QuestionTags } from '../tags/question-tags';
import { QuestionCommand, questionDecider, QuestionState, questionStream } from './question.decider';
import type { AdjustBountyBody, AskBody, ContentBody, EditQuestionBody } from './question.schemas';
import { questionsProjection } from './questions.projection';

/**
 * Question commands (docs/rules/qa.md): switches, tags and permissions, then the question's decider; bounty moves go
 * through the wallet (`QaBounties`). Asking freezes first and then writes the question; if the write fails, the
 * freeze is refunded before the error is answered. Each returns after the read model shows the change, or
 * says `visible: false`.
 */
@Injectable()
export class QuestionCommands {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly policy: QaPolicy,
    private readonly tags: QuestionTags,
    private readonly bounties: QaBounties,
    private readonly mentions: QaMentions,
    private readonly review: QaReview,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ask(body: AskBody, meta: CommandMetadata): Promise<QuestionWritten> {
    const actor = actorOf(meta);
    this.policy.requireSwitch('asking', actor);
    const content = this.policy.prepare(body.content, { tagIds: body.tagIds, tree: await this.tags.state() });
    await this.policy.requirePermission(meta, 'question.ask', body.tagIds);
    const mentions = await this.mentions.of(content);
    const { bountyAmount, bountyPoints } = body;
    this.policy.checkBounty(bountyAmount, bountyPoints);
    const questionId = newId(meta.now.getTime());
    const stored = withoutAddress(meta);
    const bounty = bountyAmount + bountyPoints > 0;
    if (bounty) {
      await this.bounties.hold({ questionId, askerId: actor.by, amount: bountyAmount, points: bountyPoints }, stored);
    }
    if (this.review.required('question', actor.byStaff)) {
      // Held for review (ADR 0024): the bounty stays frozen while it waits; a rejection refunds it.
      const { title, tagIds } = body;
      const payload = { kind: 'question' as const, title, content, tagIds, mentions, bountyAmount, bountyPoints };
      try {
        const { visible } = await this.review.submit(questionId, actor.by, payload, stored);
        return { questionId, version: 0, visible, pending: true };
      } catch (error) {
        if (bounty) await this.bounties.refund({ questionId, reason: 'asking_failed' }, stored);
        throw error;
      }
    }
    const command: QuestionCommand = {
      type: 'AskQuestion',
      questionId,
      askerId: actor.by,
      title: body.title,
      content,
      tagIds: body.tagIds,
      bountyAmount,
      bountyPoints,
      mentions,
      isStaff: actor.byStaff,
      now: meta.now,
    };
    let result: HandleResult<QuestionEvent>;
    try {
      result = await this.append(questionId, command, stored);
    } catch (error) {
      if (bounty) await this.bounties.refund({ questionId, reason: 'asking_failed' }, stored);
      throw error;
    }
    return this.written(questionId, result);
  }

  async edit(questionId: string, body: EditQuestionBody, meta: CommandMetadata): Promise<QuestionWritten> {
    const actor = await this.policy.moderatorOf(meta);
    this.policy.requireSwitch('asking', actor);
    const content = this.policy.prepare(body.content, { tagIds: body.tagIds, tree: await this.tags.state() });
    await this.policy.requirePermission(meta, 'question.ask', body.tagIds);
    const mentions = await this.mentions.of(content);
    const { title, tagIds } = body;
    return this.run(questionId, { type: 'EditQuestion', title, content, tagIds, mentions, ...actor }, meta);
  }

  appendAddendum(questionId: string, body: ContentBody, meta: CommandMetadata): Promise<QuestionWritten> {
    const actor = actorOf(meta);
    this.policy.requireSwitch('questionAddenda', actor);
    const content = this.policy.prepare(body.content);
    const addendumId = newId(meta.now.getTime());
    return this.run(questionId, { type: 'AppendAddendum', addendumId, content, ...actor }, meta);
  }

  /** Deleting a question without an adopted answer refunds its bounty. */
  async remove(questionId: string, meta: CommandMetadata): Promise<QuestionWritten> {
    return this.run(questionId, { type: 'DeleteQuestion', ...(await this.policy.moderatorOf(meta)) }, meta, true);
  }

  /** The asker or staff adopt one live answer of the question; the wallet pays that adoption once. */
  async adopt(questionId: string, answerId: string, meta: CommandMetadata): Promise<QuestionWritten> {
    const actor = actorOf(meta);
    if (actor.byStaff) await this.policy.requireStaff(meta, 'content.manage');
    const answer = await this.answer(answerId);
    if (!answer.posted || answer.deleted || answer.questionId !== questionId)
      throw new DomainError('qa.answer_not_found');
    const command: QuestionCommand = {
      type: 'AdoptAnswer',
      answerId,
      answererId: answer.authorId!,
      answererIsStaff: answer.isStaff,
      ...actor,
    };
    return this.run(questionId, command, meta, true);
  }

  /** Staff: the wallet reverses the award first (it may refuse: the answerer spent it), then the question reopens. */
  async cancelAdoption(questionId: string, meta: CommandMetadata): Promise<QuestionWritten> {
    const actor = actorOf(meta);
    await this.policy.requireStaff(meta, 'content.manage');
    const state = await this.state(questionId);
    if (!state.asked || state.deleted) throw new DomainError('qa.question_not_found');
    if (!state.adopted) throw new DomainError('qa.not_adopted');
    if (state.hasBounty) await this.bounties.cancelAward(questionId, state.round, withoutAddress(meta));
    return this.run(questionId, { type: 'CancelAdoption', ...actor }, meta);
  }

  /** Staff change a held bounty's totals; the wallet freezes or releases the difference. */
  async adjustBounty(questionId: string, body: AdjustBountyBody, meta: CommandMetadata): Promise<QuestionWritten> {
    await this.policy.requireStaff(meta, 'content.manage');
    const state = await this.state(questionId);
    if (!state.asked || state.deleted) throw new DomainError('qa.question_not_found');
    if (!state.hasBounty) throw new DomainError('qa.no_bounty');
    const bounty = await this.bounties.adjust({ questionId, ...body }, withoutAddress(meta));
    const visible = await this.waiter.waitFor(
      questionsProjection.name,
      `bounty-${questionId}`,
      bounty.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    return { questionId, version: bounty.version, visible };
  }

  async state(questionId: string): Promise<QuestionState> {
    return fold(questionDecider, (await this.store.readStream(questionStream(questionId))) as never);
  }

  private async answer(answerId: string): Promise<PostState> {
    return fold(answerDecider, (await this.store.readStream(answerStream(answerId))) as never);
  }

  /** The question's write (its own method: the asking-fault test makes it fail once). */
  append(questionId: string, command: QuestionCommand, meta: CommandMetadata): Promise<HandleResult<QuestionEvent>> {
    return this.store.handle(questionDecider, questionStream(questionId), { ...command, questionId }, meta);
  }

  private async run(
    questionId: string,
    command: QuestionCommand,
    meta: CommandMetadata,
    followBounty = false,
  ): Promise<QuestionWritten> {
    const stored = withoutAddress(meta);
    const result = await this.append(questionId, command, stored);
    if (followBounty) await this.bounties.follow(questionId, await this.state(questionId), stored);
    return this.written(questionId, result);
  }

  private async written(questionId: string, result: HandleResult): Promise<QuestionWritten> {
    const visible =
      result.events.length === 0 ||
      (await this.waiter.waitFor(
        questionsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      ));
    return { questionId, version: result.version, visible };
  }
}

/* The routes' commands (ADR 0041): each handler runs one of the methods above. */

/** A member asks a question (with an optional bounty, paid through the wallet). */
export class AskQuestionCommand extends Command<QuestionWritten> {
  constructor(
    readonly body: AskBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditQuestionCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly body: EditQuestionBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class AppendAddendumCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly body: ContentBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveQuestionCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** The asker (or staff with `content.manage`) adopts one answer. */
export class AdoptAnswerCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly answerId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff cancel an adoption. */
export class CancelAdoptionCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff change a question's bounty. */
export class AdjustBountyCommand extends Command<QuestionWritten> {
  constructor(
    readonly questionId: string,
    readonly body: AdjustBountyBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(AskQuestionCommand)
export class AskQuestionHandler implements ICommandHandler<AskQuestionCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ body, meta }: AskQuestionCommand): Promise<QuestionWritten> {
    return this.questions.ask(body, meta);
  }
}

@CommandHandler(EditQuestionCommand)
export class EditQuestionHandler implements ICommandHandler<EditQuestionCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, body, meta }: EditQuestionCommand): Promise<QuestionWritten> {
    return this.questions.edit(questionId, body, meta);
  }
}

@CommandHandler(AppendAddendumCommand)
export class AppendAddendumHandler implements ICommandHandler<AppendAddendumCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, body, meta }: AppendAddendumCommand): Promise<QuestionWritten> {
    return this.questions.appendAddendum(questionId, body, meta);
  }
}

@CommandHandler(RemoveQuestionCommand)
export class RemoveQuestionHandler implements ICommandHandler<RemoveQuestionCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, meta }: RemoveQuestionCommand): Promise<QuestionWritten> {
    return this.questions.remove(questionId, meta);
  }
}

@CommandHandler(AdoptAnswerCommand)
export class AdoptAnswerHandler implements ICommandHandler<AdoptAnswerCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, answerId, meta }: AdoptAnswerCommand): Promise<QuestionWritten> {
    return this.questions.adopt(questionId, answerId, meta);
  }
}

@CommandHandler(CancelAdoptionCommand)
export class CancelAdoptionHandler implements ICommandHandler<CancelAdoptionCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, meta }: CancelAdoptionCommand): Promise<QuestionWritten> {
    return this.questions.cancelAdoption(questionId, meta);
  }
}

@CommandHandler(AdjustBountyCommand)
export class AdjustBountyHandler implements ICommandHandler<AdjustBountyCommand> {
  constructor(private readonly questions: QuestionCommands) {}

  execute({ questionId, body, meta }: AdjustBountyCommand): Promise<QuestionWritten> {
    return this.questions.adjustBounty(questionId, body, meta);
  }
}

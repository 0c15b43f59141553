import { Controller, Get, HttpCode, Inject, Injectable, Param, Post } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { qaRevisionKinds } from '@forum/contracts';
import type {
  Actor,
  AnswerEvent,
  CommandMetadata,
  EventEnvelope,
  QaRevisionEvent,
  QaRevisionKind,
  QuestionEvent,
} from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import {
  APP_CONFIG,
  CommandMeta,
  CONTEXT_DB,
  CurrentActor,
  partsWithoutHiddenBlocks,
  PermissionChecker,
  Public,
  RequiresPermission,
  responseSchema,
  RevisionDocument,
  revisionDocumentId,
  RevisionFact,
  revisionList,
  revisionNumber,
  revisionsProjection,
  revisionViews,
  revisionVisibilityBody,
  revisionVisibilityWritten,
  routeId,
  setRevisionHidden,
  ValidBody,
  VisibilityFact,
} from '@forum/platform';
import type { AppConfig, RevisionList, RevisionVisibilityWritten } from '@forum/platform';
import { qaRevisionVisibilityDecider } from './qa-revision-visibility.decider';
import { AnswerDocument, QA_ANSWERS, QA_QUESTIONS, QuestionDocument } from '../questions/questions.projection';

export const QA_REVISIONS_PROJECTION = 'qa-revisions';
/** `_id` = `question:<id>`, `answer:<id>`: every version of one question or answer (ADR 0032). */
export const QA_REVISIONS = 'qa_revisions';

function contentFact(envelope: EventEnvelope): RevisionFact | null {
  const event = envelope as EventEnvelope & (QuestionEvent | AnswerEvent);
  switch (event.type) {
    case 'QuestionAsked': {
      const { questionId, askerId, title, content, askedAt } = event.data;
      const version = { title, content, by: askerId, at: askedAt };
      return { first: true, kind: 'question', targetId: questionId, parentId: questionId, authorId: askerId, version };
    }
    case 'QuestionEdited': {
      const { questionId, title, content, by, editedAt } = event.data;
      return { first: false, kind: 'question', targetId: questionId, version: { title, content, by, at: editedAt } };
    }
    case 'AnswerPosted': {
      const { answerId, questionId, authorId, content, postedAt } = event.data;
      const version = { title: null, content, by: authorId, at: postedAt };
      return { first: true, kind: 'answer', targetId: answerId, parentId: questionId, authorId, version };
    }
    case 'AnswerEdited': {
      const { answerId, content, by, editedAt } = event.data;
      return { first: false, kind: 'answer', targetId: answerId, version: { title: null, content, by, at: editedAt } };
    }
    default:
      return null;
  }
}

function visibilityFact(envelope: EventEnvelope): VisibilityFact | null {
  const event = envelope as EventEnvelope & QaRevisionEvent;
  if (event.type !== 'QaRevisionHidden' && event.type !== 'QaRevisionShown') return null;
  const { kind, targetId, revision, by, at } = event.data;
  return { hidden: event.type === 'QaRevisionHidden', kind, targetId, revision, by, at };
}

/** The Q&A's edit history: questions and answers, and the revisions staff hid. */
export const qaRevisionsProjection = revisionsProjection({
  name: QA_REVISIONS_PROJECTION,
  collection: QA_REVISIONS,
  topics: ['qa.question', 'qa.answer', 'qa.revision'],
  contentFact,
  visibilityFact,
});

/**
 * Edit history of questions and answers (docs/rules/qa.md, edit history; ADR 0032): readable by whoever may read
 * the question (a deleted question or answer by content staff only). Q&A has no hidden blocks: they are dropped
 * from every revision, as from the page.
 */
@Injectable()
export class QaRevisions {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(kind: QaRevisionKind, targetId: string, reader: Actor): Promise<RevisionList> {
    const staff = reader.kind === 'staff' && (await this.permissions.can(reader, 'content.manage'));
    let questionId = targetId;
    if (kind === 'answer') {
      const answer = await this.db
        .collection<AnswerDocument>(QA_ANSWERS)
        .findOne({ _id: targetId }, { projection: { content: 0 } });
      if (!answer?.postedAt || (answer.deleted && !staff)) throw new DomainError('qa.answer_not_found');
      questionId = answer.questionId;
    }
    const question = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .findOne({ _id: questionId }, { projection: { asked: 1, deleted: 1 } });
    if (!question?.asked || (question.deleted && !staff)) throw new DomainError('qa.question_not_found');
    const doc = await this.history(kind, targetId);
    const items = doc
      ? await revisionViews(this.db, doc, staff, (stored) => partsWithoutHiddenBlocks(stored.content))
      : [];
    return { kind, targetId, items };
  }

  setHidden(
    kind: QaRevisionKind,
    targetId: string,
    revision: number,
    hidden: boolean,
    meta: CommandMetadata,
  ): Promise<RevisionVisibilityWritten> {
    return setRevisionHidden(
      {
        db: this.db,
        store: this.store,
        waiter: this.waiter,
        timeoutMs: this.config.READ_YOUR_WRITES_TIMEOUT_MS,
        collection: QA_REVISIONS,
        projection: QA_REVISIONS_PROJECTION,
        decider: qaRevisionVisibilityDecider,
        errors: { notFound: 'qa.revision_not_found', current: 'qa.revision_current' },
      },
      { kind, targetId, revision, hidden },
      meta,
    );
  }

  private history(kind: string, targetId: string): Promise<RevisionDocument | null> {
    return this.db.collection<RevisionDocument>(QA_REVISIONS).findOne({ _id: revisionDocumentId(kind, targetId) });
  }
}

/** Staff hide an earlier revision of a question or answer, or show it again (`content.manage`, on the route). */
export class SetQaRevisionHiddenCommand extends Command<RevisionVisibilityWritten> {
  constructor(
    readonly kind: string,
    readonly targetId: string,
    readonly revision: string,
    readonly hidden: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SetQaRevisionHiddenCommand)
export class SetQaRevisionHiddenHandler implements ICommandHandler<SetQaRevisionHiddenCommand> {
  constructor(private readonly revisions: QaRevisions) {}

  execute({ kind, targetId, revision, hidden, meta }: SetQaRevisionHiddenCommand): Promise<RevisionVisibilityWritten> {
    if (!(qaRevisionKinds as readonly string[]).includes(kind)) throw new DomainError('qa.revision_not_found');
    return this.revisions.setHidden(
      kind as QaRevisionKind,
      routeId(targetId, 'qa.revision_not_found'),
      revisionNumber(revision, 'qa.revision_not_found'),
      hidden,
      meta,
    );
  }
}

/** Every version of a question or answer (docs/rules/qa.md, edit history). */
@ApiTags('qa')
@Controller('qa')
export class QaRevisionsController {
  constructor(private readonly revisions: QaRevisions) {}

  @Public()
  @Get('questions/:questionId/revisions')
  @ApiOkResponse(responseSchema(revisionList))
  question(@Param('questionId') questionId: string, @CurrentActor() reader: Actor): Promise<RevisionList> {
    return this.revisions.list('question', routeId(questionId, 'qa.question_not_found'), reader);
  }

  @Public()
  @Get('answers/:answerId/revisions')
  @ApiOkResponse(responseSchema(revisionList))
  answer(@Param('answerId') answerId: string, @CurrentActor() reader: Actor): Promise<RevisionList> {
    return this.revisions.list('answer', routeId(answerId, 'qa.answer_not_found'), reader);
  }
}

/** Staff hide an earlier revision of a question or answer, or show it again (audited as staff actions). */
@ApiTags('qa')
@RequiresPermission('content.manage')
@Controller('qa/staff/revisions')
export class QaStaffRevisionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':kind/:targetId/:revision')
  @HttpCode(200)
  @ApiOkResponse(responseSchema(revisionVisibilityWritten))
  setHidden(
    @Param('kind') kind: string,
    @Param('targetId') targetId: string,
    @Param('revision') revision: string,
    @ValidBody(revisionVisibilityBody) body: z.infer<typeof revisionVisibilityBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<RevisionVisibilityWritten> {
    return this.commands.execute(new SetQaRevisionHiddenCommand(kind, targetId, revision, body.hidden, meta));
  }
}

import { Controller, Get, HttpCode, Inject, Injectable, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { qaReviewKinds } from '@forum/contracts';
import type { Actor, CommandMetadata, Page, QaReviewKind, QaSubmissionPayload } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CONTEXT_DB,
  CurrentActor,
  RequiresPermission,
  responseSchema,
  SubmissionQueueReader,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import type { QaReviewDecision } from './qa-review';
import { ApproveQaSubmissionCommand, RejectQaSubmissionCommand } from './qa-review.commands';
import { QA_REVIEW_QUEUE, QaSubmissionDocument } from './qa-review-queue.projection';

export const qaReviewQuery = z.strictObject({
  kind: z.enum(qaReviewKinds),
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type QaReviewQuery = z.infer<typeof qaReviewQuery>;

export const qaRejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** A held item as staff and its author see it (the content is already sanitized). */
export const qaReviewRow = z.object({
  id: z.string(),
  kind: z.enum(qaReviewKinds),
  authorId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** True while it waits: the member site shows "awaiting review". */
  pending: z.boolean(),
  /** A question's title; null for answers and replies. */
  title: z.string().nullable(),
  contentHtml: z.string(),
  /** The question an answer or reply belongs to (a question's own id for a question). */
  questionId: z.string(),
  answerId: z.string().nullable(),
  bountyAmount: z.number(),
  bountyPoints: z.number(),
  submittedAt: z.string(),
  reason: z.string().nullable(),
});
export type QaReviewRow = z.infer<typeof qaReviewRow>;

const qaReviewPage = z.object({
  items: z.array(qaReviewRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
const qaReviewDecision = z.object({
  id: z.string(),
  kind: z.enum(qaReviewKinds),
  status: z.enum(['approved', 'rejected']),
  visible: z.boolean(),
});

const ENTITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

function kindOf(kind: string): QaReviewKind {
  if (!(qaReviewKinds as readonly string[]).includes(kind)) throw new DomainError('qa.submission_not_found');
  return kind as QaReviewKind;
}

function idOf(id: string): string {
  if (!ENTITY_ID.test(id)) throw new DomainError('qa.submission_not_found');
  return id;
}

function rowOf(doc: QaSubmissionDocument): QaReviewRow {
  const { payload } = doc;
  return {
    id: doc._id,
    kind: doc.kind,
    authorId: doc.authorId,
    status: doc.status,
    pending: doc.status === 'pending',
    title: payload.kind === 'question' ? payload.title : null,
    contentHtml: payload.content,
    questionId: payload.kind === 'question' ? doc._id : payload.questionId,
    answerId: payload.kind === 'answerReply' ? payload.answerId : null,
    bountyAmount: payload.kind === 'question' ? payload.bountyAmount : 0,
    bountyPoints: payload.kind === 'question' ? payload.bountyPoints : 0,
    submittedAt: doc.submittedAt,
    reason: doc.reason,
  };
}

/** The staff queue (pending, oldest first) and an author's own held or rejected items (newest first). */
@Injectable()
export class QaReviewReader extends SubmissionQueueReader<QaReviewKind, QaSubmissionPayload, QaReviewRow> {
  constructor(@Inject(CONTEXT_DB) db: Db) {
    super(db, QA_REVIEW_QUEUE, rowOf);
  }
}

/** The staff's Q&A review queue (ADR 0024): pending questions, answers and answer replies; approve or reject. */
@ApiTags('qa')
@RequiresPermission('content.manage')
@Controller('qa/staff/review')
export class QaStaffReviewController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: QaReviewReader,
  ) {}

  @Get()
  @ApiOkResponse(responseSchema(qaReviewPage))
  queue(@ValidQuery(qaReviewQuery) query: QaReviewQuery): Promise<Page<QaReviewRow>> {
    return this.reader.queue(query);
  }

  @Post(':kind/:id/approve')
  @HttpCode(200)
  @ApiOkResponse(responseSchema(qaReviewDecision))
  approve(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QaReviewDecision> {
    return this.commands.execute(new ApproveQaSubmissionCommand(kindOf(kind), idOf(id), meta));
  }

  @Post(':kind/:id/reject')
  @HttpCode(200)
  @ApiOkResponse(responseSchema(qaReviewDecision))
  reject(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @ValidBody(qaRejectBody) body: z.infer<typeof qaRejectBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QaReviewDecision> {
    return this.commands.execute(new RejectQaSubmissionCommand(kindOf(kind), idOf(id), body.reason, meta));
  }
}

/** An author's own held and rejected questions, answers and replies (with the staff's reason). */
@ApiTags('qa')
@Controller('qa/me/submissions')
export class MyQaSubmissionsController {
  constructor(private readonly reader: QaReviewReader) {}

  @Get()
  @ApiOkResponse(responseSchema(qaReviewPage))
  mine(@ValidQuery(qaReviewQuery) query: QaReviewQuery, @CurrentActor() actor: Actor): Promise<Page<QaReviewRow>> {
    if (!actor.id) throw new DomainError('auth.unauthorized');
    return this.reader.mine(actor.id, query);
  }
}

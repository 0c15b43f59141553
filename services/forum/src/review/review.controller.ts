import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { reviewKinds } from '@forum/contracts';
import type { Actor, CommandMetadata, Page, ReviewKind } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CurrentActor,
  RequiresPermission,
  responseSchema,
  routeId,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { ApproveSubmissionCommand, RejectSubmissionCommand } from './review.commands';
import type { ReviewDecision } from './review.commands';
import { ReviewReader } from './review.reader';
import { rejectBody, reviewDecision, reviewPage, reviewQuery } from './review.schemas';
import type { ReviewQuery, ReviewRow } from './review.schemas';

function kindOf(kind: string): ReviewKind {
  if (!(reviewKinds as readonly string[]).includes(kind)) throw new DomainError('forum.submission_not_found');
  return kind as ReviewKind;
}

/** The staff review queue (ADR 0014): pending topics, comments and replies; approve or reject each. */
@ApiTags('forum')
@RequiresPermission('content.manage')
@Controller('forum/staff/review')
export class StaffReviewController {
  constructor(
    private readonly reader: ReviewReader,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOkResponse(responseSchema(reviewPage))
  queue(@ValidQuery(reviewQuery) query: ReviewQuery): Promise<Page<ReviewRow>> {
    return this.reader.queue(query);
  }

  @Post(':kind/:id/approve')
  @HttpCode(200)
  @ApiOkResponse(responseSchema(reviewDecision))
  approve(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<ReviewDecision> {
    return this.commands.execute(
      new ApproveSubmissionCommand(kindOf(kind), routeId(id, 'forum.submission_not_found'), meta),
    );
  }

  @Post(':kind/:id/reject')
  @HttpCode(200)
  @ApiOkResponse(responseSchema(reviewDecision))
  reject(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @ValidBody(rejectBody) body: z.infer<typeof rejectBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<ReviewDecision> {
    return this.commands.execute(
      new RejectSubmissionCommand(kindOf(kind), routeId(id, 'forum.submission_not_found'), body.reason, meta),
    );
  }
}

/** An author's own held (and rejected) items, so the member site can show them with "pending review". */
@ApiTags('forum')
@Controller('forum/me/submissions')
export class MySubmissionsController {
  constructor(private readonly reader: ReviewReader) {}

  @Get()
  @ApiOkResponse(responseSchema(reviewPage))
  mine(@ValidQuery(reviewQuery) query: ReviewQuery, @CurrentActor() actor: Actor): Promise<Page<ReviewRow>> {
    if (!actor.id) throw new DomainError('auth.unauthorized');
    return this.reader.mine(actor.id, query);
  }
}

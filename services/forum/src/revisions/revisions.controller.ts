import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { forumRevisionKinds } from '@forum/contracts';
import type { Actor, CommandMetadata, ForumRevisionKind } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RequiresPermission,
  responseSchema,
  revisionList,
  revisionNumber,
  revisionVisibilityBody,
  revisionVisibilityWritten,
  routeId,
  ValidBody,
} from '@forum/platform';
import type { RevisionList, RevisionVisibilityWritten } from '@forum/platform';
import { ForumRevisions } from './forum-revisions';

/** Every version of a topic, comment or reply, redacted for the reader (docs/rules/forum.md, edit history). */
@ApiTags('forum')
@Controller('forum')
export class RevisionsController {
  constructor(private readonly revisions: ForumRevisions) {}

  @Public()
  @Get('topics/:topicId/revisions')
  @ApiOkResponse(responseSchema(revisionList))
  topic(@Param('topicId') topicId: string, @CurrentActor() reader: Actor): Promise<RevisionList> {
    return this.revisions.list('topic', routeId(topicId, 'forum.topic_not_found'), reader, new Date());
  }

  @Public()
  @Get('comments/:commentId/revisions')
  @ApiOkResponse(responseSchema(revisionList))
  comment(@Param('commentId') commentId: string, @CurrentActor() reader: Actor): Promise<RevisionList> {
    return this.revisions.list('comment', routeId(commentId, 'forum.comment_not_found'), reader, new Date());
  }

  @Public()
  @Get('replies/:replyId/revisions')
  @ApiOkResponse(responseSchema(revisionList))
  reply(@Param('replyId') replyId: string, @CurrentActor() reader: Actor): Promise<RevisionList> {
    return this.revisions.list('reply', routeId(replyId, 'forum.reply_not_found'), reader, new Date());
  }
}

/** Staff hide an earlier revision ("hidden by staff" to members) or show it again; audited as staff actions. */
@ApiTags('forum')
@RequiresPermission('content.manage')
@Controller('forum/staff/revisions')
export class StaffRevisionsController {
  constructor(private readonly revisions: ForumRevisions) {}

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
    if (!(forumRevisionKinds as readonly string[]).includes(kind)) throw new DomainError('forum.revision_not_found');
    return this.revisions.setHidden(
      kind as ForumRevisionKind,
      routeId(targetId, 'forum.revision_not_found'),
      revisionNumber(revision, 'forum.revision_not_found'),
      body.hidden,
      meta,
    );
  }
}

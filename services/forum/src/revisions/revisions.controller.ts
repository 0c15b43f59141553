import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RequiresPermission,
  responseSchema,
  revisionList,
  revisionVisibilityBody,
  revisionVisibilityWritten,
  routeId,
  ValidBody,
} from '@forum/platform';
import type { RevisionList, RevisionVisibilityWritten } from '@forum/platform';
import { ForumRevisions } from './forum-revisions';
import { SetRevisionHiddenCommand } from './revision.commands';

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
    return this.commands.execute(new SetRevisionHiddenCommand(kind, targetId, revision, body.hidden, meta));
  }
}

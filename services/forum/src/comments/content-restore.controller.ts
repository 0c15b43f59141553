import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '@forum/contracts';
import { ApiOkBody, CommandMeta, RequiresPermission, routeId } from '@forum/platform';
import { ReplyWritten, RestoreReplyCommand } from '../replies/reply.commands';
import { CommentWritten, RestoreCommentCommand } from './comment.commands';
import { commentWritten, replyWritten } from './comment.schemas';

/** The staff console's restore of a deleted comment or reply (delete and edit use the members' routes). */
@ApiTags('forum')
@RequiresPermission('content.manage')
@Controller('forum')
export class ContentRestoreController {
  constructor(private readonly commands: CommandBus) {}

  @Post('comments/:commentId/restore')
  @HttpCode(200)
  @ApiOkBody(commentWritten)
  restoreComment(@Param('commentId') commentId: string, @CommandMeta() meta: CommandMetadata): Promise<CommentWritten> {
    return this.commands.execute(new RestoreCommentCommand(routeId(commentId, 'forum.comment_not_found'), meta));
  }

  @Post('replies/:replyId/restore')
  @HttpCode(200)
  @ApiOkBody(replyWritten)
  restoreReply(@Param('replyId') replyId: string, @CommandMeta() meta: CommandMetadata): Promise<ReplyWritten> {
    return this.commands.execute(new RestoreReplyCommand(routeId(replyId, 'forum.reply_not_found'), meta));
  }
}

import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import {
  ApiOkBody,
  CommandMeta,
  CurrentActor,
  Public,
  routeId,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { DeleteReplyCommand, EditReplyCommand, PostReplyCommand, ReplyWritten } from '../replies/reply.commands';
import { CommentWritten, DeleteCommentCommand, EditCommentCommand, PostCommentCommand } from './comment.commands';
import {
  commentPage,
  commentPosition,
  commentWritten,
  editContentBody,
  postCommentBody,
  postReplyBody,
  replyPage,
  replyWritten,
} from './comment.schemas';
import { pagingQuery } from '../shared/forum.schemas';
import type { CommentPosition, CommentView, ReplyView } from './comment.schemas';
import type { PagingQuery } from '../shared/forum.schemas';
import { CommentsReader } from './comments.reader';

const positionQuery = z.strictObject({ pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20) });

/** Comments on a topic and replies to comments: post, quote, edit, delete, pages, jump to a comment. */
@ApiTags('forum')
@Controller('forum')
export class CommentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: CommentsReader,
  ) {}

  @Public()
  @Get('topics/:topicId/comments')
  @ApiOkBody(commentPage)
  list(
    @Param('topicId') topicId: string,
    @ValidQuery(pagingQuery) { page, pageSize }: PagingQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<CommentView>> {
    return this.reader.topicComments(routeId(topicId, 'forum.topic_not_found'), page, pageSize, actor);
  }

  @Post('topics/:topicId/comments')
  @HttpCode(201)
  @ApiOkBody(commentWritten)
  post(
    @Param('topicId') topicId: string,
    @ValidBody(postCommentBody) body: z.infer<typeof postCommentBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<CommentWritten> {
    return this.commands.execute(new PostCommentCommand(routeId(topicId, 'forum.topic_not_found'), body, meta));
  }

  @Public()
  @Get('comments/:commentId/position')
  @ApiOkBody(commentPosition)
  position(
    @Param('commentId') commentId: string,
    @ValidQuery(positionQuery) { pageSize }: z.infer<typeof positionQuery>,
    @CurrentActor() actor: Actor,
  ): Promise<CommentPosition> {
    return this.reader.position(routeId(commentId, 'forum.comment_not_found'), pageSize, actor);
  }

  @Patch('comments/:commentId')
  @ApiOkBody(commentWritten)
  edit(
    @Param('commentId') commentId: string,
    @ValidBody(editContentBody) body: z.infer<typeof editContentBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<CommentWritten> {
    return this.commands.execute(new EditCommentCommand(routeId(commentId, 'forum.comment_not_found'), body, meta));
  }

  @Delete('comments/:commentId')
  @ApiOkBody(commentWritten)
  remove(@Param('commentId') commentId: string, @CommandMeta() meta: CommandMetadata): Promise<CommentWritten> {
    return this.commands.execute(new DeleteCommentCommand(routeId(commentId, 'forum.comment_not_found'), meta));
  }

  @Public()
  @Get('comments/:commentId/replies')
  @ApiOkBody(replyPage)
  replies(
    @Param('commentId') commentId: string,
    @ValidQuery(pagingQuery) { page, pageSize }: PagingQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ReplyView>> {
    return this.reader.commentReplies(routeId(commentId, 'forum.comment_not_found'), page, pageSize, actor);
  }

  @Post('comments/:commentId/replies')
  @HttpCode(201)
  @ApiOkBody(replyWritten)
  reply(
    @Param('commentId') commentId: string,
    @ValidBody(postReplyBody) body: z.infer<typeof postReplyBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<ReplyWritten> {
    return this.commands.execute(new PostReplyCommand(routeId(commentId, 'forum.comment_not_found'), body, meta));
  }

  @Patch('replies/:replyId')
  @ApiOkBody(replyWritten)
  editReply(
    @Param('replyId') replyId: string,
    @ValidBody(editContentBody) body: z.infer<typeof editContentBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<ReplyWritten> {
    return this.commands.execute(new EditReplyCommand(routeId(replyId, 'forum.reply_not_found'), body, meta));
  }

  @Delete('replies/:replyId')
  @ApiOkBody(replyWritten)
  removeReply(@Param('replyId') replyId: string, @CommandMeta() meta: CommandMetadata): Promise<ReplyWritten> {
    return this.commands.execute(new DeleteReplyCommand(routeId(replyId, 'forum.reply_not_found'), meta));
  }
}

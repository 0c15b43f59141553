import { Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, ValidBody, withHtmlContent } from '@forum/platform';
import type { AnswerLikeWritten } from '../marks/answer-likes';
import { SetAnswerLikeCommand } from '../marks/mark.commands';
import { contentBody, contentFields } from '../questions/question.schemas';
import type { ContentBody } from '../questions/question.schemas';
import {
  EditAnswerCommand,
  EditAnswerReplyCommand,
  RemoveAnswerCommand,
  RemoveAnswerReplyCommand,
  ReplyToAnswerCommand,
} from './answer.commands';
import type { AnswerWritten } from './answer.commands';

const replyBody = contentFields
  .extend({ parentReplyId: z.string().min(1).max(64).nullable().optional() })
  .transform(withHtmlContent);

/** An answer's and an answer reply's routes: likes, edits, deletions and replies (posting is the question's). */
@ApiTags('qa')
@Controller('qa')
export class AnswersController {
  constructor(private readonly commands: CommandBus) {}

  /** Likes toggle: liking what the member already likes (or unliking what they do not) changes nothing. */
  @Put('answers/:answerId/like')
  like(@Param('answerId') answerId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerLikeWritten> {
    return this.commands.execute(new SetAnswerLikeCommand('answer', answerId, true, meta));
  }

  @Delete('answers/:answerId/like')
  unlike(@Param('answerId') answerId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerLikeWritten> {
    return this.commands.execute(new SetAnswerLikeCommand('answer', answerId, false, meta));
  }

  @Put('answer-replies/:replyId/like')
  likeReply(@Param('replyId') replyId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerLikeWritten> {
    return this.commands.execute(new SetAnswerLikeCommand('answerReply', replyId, true, meta));
  }

  @Delete('answer-replies/:replyId/like')
  unlikeReply(@Param('replyId') replyId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerLikeWritten> {
    return this.commands.execute(new SetAnswerLikeCommand('answerReply', replyId, false, meta));
  }

  @Patch('answers/:answerId')
  edit(
    @Param('answerId') answerId: string,
    @ValidBody(contentBody) body: ContentBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<AnswerWritten> {
    return this.commands.execute(new EditAnswerCommand(answerId, body, meta));
  }

  @Delete('answers/:answerId')
  remove(@Param('answerId') answerId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerWritten> {
    return this.commands.execute(new RemoveAnswerCommand(answerId, meta));
  }

  /** A reply to the answer, or (`parentReplyId`) to one of its replies. */
  @Post('answers/:answerId/replies')
  @HttpCode(201)
  reply(
    @Param('answerId') answerId: string,
    @ValidBody(replyBody) body: z.infer<typeof replyBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<AnswerWritten> {
    return this.commands.execute(new ReplyToAnswerCommand(answerId, body, meta));
  }

  @Patch('answer-replies/:replyId')
  editReply(
    @Param('replyId') replyId: string,
    @ValidBody(contentBody) body: ContentBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<AnswerWritten> {
    return this.commands.execute(new EditAnswerReplyCommand(replyId, body, meta));
  }

  @Delete('answer-replies/:replyId')
  removeReply(@Param('replyId') replyId: string, @CommandMeta() meta: CommandMetadata): Promise<AnswerWritten> {
    return this.commands.execute(new RemoveAnswerReplyCommand(replyId, meta));
  }
}

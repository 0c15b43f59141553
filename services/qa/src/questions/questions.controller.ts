import { Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import type { AuthorView } from '@forum/platform';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RequiresPermission,
  ValidBody,
  ValidQuery,
  withHtmlContent,
} from '@forum/platform';
import { DomainError } from '@forum/event-store';
import {
  EditAnswerCommand,
  EditAnswerReplyCommand,
  PostAnswerCommand,
  RemoveAnswerCommand,
  RemoveAnswerReplyCommand,
  ReplyToAnswerCommand,
} from '../answers/answer.commands';
import type { AnswerWritten } from '../answers/answer.commands';
import type { AnswerLikeWritten } from '../marks/answer-likes';
import { SetAnswerLikeCommand, SetQuestionMarkCommand } from '../marks/mark.commands';
import { actorOf } from '../qa-policy';
import {
  AdjustBountyCommand,
  AdoptAnswerCommand,
  AppendAddendumCommand,
  AskQuestionCommand,
  CancelAdoptionCommand,
  EditQuestionCommand,
  RemoveQuestionCommand,
} from './question.commands';
import { AnswerReader } from './answer-reader';
import type { AnswerView, ReplyView } from './answer-reader';
import { QuestionDetailReader } from './question-detail-reader';
import type { QuestionDetail } from './question-detail-reader';
import { QuestionFavouritesReader } from './question-favourites-reader';
import { QuestionListReader } from './question-list-reader';
import type { QuestionRow } from './question-row-reader';
import {
  adjustBountyBody,
  adoptBody,
  askBody,
  contentBody,
  contentFields,
  editQuestionBody,
  pagingQuery,
  questionListQuery,
  staffQuestionsQuery,
} from './question.schemas';
import type {
  AdjustBountyBody,
  AskBody,
  ContentBody,
  EditQuestionBody,
  PagingQuery,
  QuestionListQuery,
  QuestionWritten,
  StaffQuestionsQuery,
} from './question.schemas';

const replyBody = contentFields
  .extend({ parentReplyId: z.string().min(1).max(64).nullable().optional() })
  .transform(withHtmlContent);

@ApiTags('qa')
@Controller('qa/questions')
export class QuestionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly lists: QuestionListReader,
    private readonly details: QuestionDetailReader,
    private readonly favourites: QuestionFavouritesReader,
  ) {}

  @Post()
  @HttpCode(201)
  ask(@ValidBody(askBody) body: AskBody, @CommandMeta() meta: CommandMetadata): Promise<QuestionWritten> {
    return this.commands.execute(new AskQuestionCommand(body, meta));
  }

  /** `/askList`: all, latest, unresolved, resolved, pointsReward, cashReward. */
  @Public()
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  list(@ValidQuery(questionListQuery) query: QuestionListQuery): Promise<Buffer> {
    return this.lists.listResponse(query);
  }

  @Public()
  @Get(':questionId')
  @Header('content-type', 'application/json; charset=utf-8')
  detail(@Param('questionId') questionId: string, @CurrentActor() reader: Actor): Promise<QuestionDetail | Buffer> {
    return this.details.detail(questionId, reader, new Date());
  }

  @Public()
  @Get(':questionId/similar')
  async similar(@Param('questionId') questionId: string): Promise<{ items: QuestionRow[] }> {
    return { items: await this.lists.similar(questionId) };
  }

  /** Who favourited the reader's own question (the asker only). */
  @Get(':questionId/favouriters')
  favouriters(
    @Param('questionId') questionId: string,
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<Page<{ member: AuthorView; at: string | null }>> {
    return this.favourites.favouriters(questionId, actorOf(meta).by, paging);
  }

  @Patch(':questionId')
  edit(
    @Param('questionId') questionId: string,
    @ValidBody(editQuestionBody) body: EditQuestionBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QuestionWritten> {
    return this.commands.execute(new EditQuestionCommand(questionId, body, meta));
  }

  @Post(':questionId/addenda')
  @HttpCode(201)
  addendum(
    @Param('questionId') questionId: string,
    @ValidBody(contentBody) body: ContentBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QuestionWritten> {
    return this.commands.execute(new AppendAddendumCommand(questionId, body, meta));
  }

  @Delete(':questionId')
  remove(@Param('questionId') questionId: string, @CommandMeta() meta: CommandMetadata): Promise<QuestionWritten> {
    return this.commands.execute(new RemoveQuestionCommand(questionId, meta));
  }

  /** The asker (or staff with `content.manage`) adopts one answer. */
  @Post(':questionId/adopt')
  @HttpCode(200)
  adopt(
    @Param('questionId') questionId: string,
    @ValidBody(adoptBody) body: { answerId: string },
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QuestionWritten> {
    return this.commands.execute(new AdoptAnswerCommand(questionId, body.answerId, meta));
  }

  @Post(':questionId/answers')
  @HttpCode(201)
  answer(
    @Param('questionId') questionId: string,
    @ValidBody(contentBody) body: ContentBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<AnswerWritten> {
    return this.commands.execute(new PostAnswerCommand(questionId, body, meta));
  }

  @Put(':questionId/like')
  like(@Param('questionId') questionId: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new SetQuestionMarkCommand(questionId, 'like', true, meta));
  }

  @Delete(':questionId/like')
  unlike(@Param('questionId') questionId: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new SetQuestionMarkCommand(questionId, 'like', false, meta));
  }

  @Put(':questionId/favourite')
  favourite(@Param('questionId') questionId: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new SetQuestionMarkCommand(questionId, 'favourite', true, meta));
  }

  @Delete(':questionId/favourite')
  unfavourite(@Param('questionId') questionId: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new SetQuestionMarkCommand(questionId, 'favourite', false, meta));
  }
}

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

/** The control panel's lists: my questions, answers, answer replies and favourite questions. */
@ApiTags('qa')
@Controller('qa/me')
export class MyQaController {
  constructor(
    private readonly lists: QuestionListReader,
    private readonly answerReader: AnswerReader,
    private readonly favouriteReader: QuestionFavouritesReader,
  ) {}

  @Get('questions')
  questions(
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<Page<QuestionRow>> {
    return this.lists.myQuestions(actorOf(meta).by, paging);
  }

  @Get('answers')
  answers(
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<Page<AnswerView>> {
    return this.answerReader.answers({ authorId: actorOf(meta).by, deleted: false }, paging);
  }

  @Get('answer-replies')
  replies(
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<Page<ReplyView>> {
    return this.answerReader.replies({ authorId: actorOf(meta).by, deleted: false }, paging);
  }

  @Get('favourites')
  favourites(
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<Page<QuestionRow>> {
    return this.favouriteReader.myFavourites(actorOf(meta).by, paging);
  }
}

const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function memberIdOf(value: string): string {
  if (!MEMBER_ID.test(value)) throw new DomainError('common.not_found');
  return value;
}

/** A member's questions and answers, for their member page (the same rows anyone sees on the questions). */
@ApiTags('qa')
@Controller('qa/members')
export class MemberQaController {
  constructor(
    private readonly lists: QuestionListReader,
    private readonly answerReader: AnswerReader,
  ) {}

  @Public()
  @Get(':memberId/questions')
  questions(
    @Param('memberId') memberId: string,
    @ValidQuery(pagingQuery) paging: PagingQuery,
  ): Promise<Page<QuestionRow>> {
    return this.lists.myQuestions(memberIdOf(memberId), paging);
  }

  @Public()
  @Get(':memberId/answers')
  answers(
    @Param('memberId') memberId: string,
    @ValidQuery(pagingQuery) paging: PagingQuery,
  ): Promise<Page<AnswerView>> {
    return this.answerReader.answers({ authorId: memberIdOf(memberId), deleted: false }, paging);
  }
}

const staffAnswersQuery = pagingQuery.extend({ questionId: z.string().min(1).max(64).optional() });

/** The staff console's Q&A: every question (deleted too), answers, replies; cancel an adoption, adjust a bounty. */
@ApiTags('qa')
@Controller('qa/staff')
export class StaffQaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly lists: QuestionListReader,
    private readonly answerReader: AnswerReader,
  ) {}

  @RequiresPermission('content.manage')
  @Get('questions')
  questions(@ValidQuery(staffQuestionsQuery) query: StaffQuestionsQuery): Promise<Page<QuestionRow>> {
    return this.lists.staffList(query);
  }

  @RequiresPermission('content.manage')
  @Get('answers')
  answers(@ValidQuery(staffAnswersQuery) query: z.infer<typeof staffAnswersQuery>): Promise<Page<AnswerView>> {
    const { questionId, ...paging } = query;
    return this.answerReader.answers(questionId ? { questionId } : {}, paging);
  }

  @RequiresPermission('content.manage')
  @Get('answer-replies')
  replies(@ValidQuery(staffAnswersQuery) query: z.infer<typeof staffAnswersQuery>): Promise<Page<ReplyView>> {
    const { questionId, ...paging } = query;
    return this.answerReader.replies(questionId ? { questionId } : {}, paging);
  }

  @RequiresPermission('content.manage')
  @Post('questions/:questionId/cancel-adoption')
  @HttpCode(200)
  cancelAdoption(
    @Param('questionId') questionId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QuestionWritten> {
    return this.commands.execute(new CancelAdoptionCommand(questionId, meta));
  }

  @RequiresPermission('content.manage')
  @Post('questions/:questionId/bounty')
  @HttpCode(200)
  adjustBounty(
    @Param('questionId') questionId: string,
    @ValidBody(adjustBountyBody) body: AdjustBountyBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<QuestionWritten> {
    return this.commands.execute(new AdjustBountyCommand(questionId, body, meta));
  }
}

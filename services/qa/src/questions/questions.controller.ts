import { Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Actor, CommandMetadata, Page, QuestionDetail, QuestionRow, QuestionWritten } from '@forum/contracts';
import type { AuthorView } from '@forum/platform';
import { CommandMeta, CurrentActor, Public, ValidBody, ValidQuery } from '@forum/platform';
import { PostAnswerCommand } from '../answers/answer.commands';
import type { AnswerWritten } from '../answers/answer.commands';
import { SetQuestionMarkCommand } from '../marks/mark.commands';
import { actorOf } from '../qa-policy';
import {
  AdoptAnswerCommand,
  AppendAddendumCommand,
  AskQuestionCommand,
  EditQuestionCommand,
  RemoveQuestionCommand,
} from './question.commands';
import { QuestionDetailReader } from './question-detail-reader';
import { QuestionFavouritesReader } from './question-favourites-reader';
import { QuestionListReader } from './question-list-reader';
import { adoptBody, askBody, contentBody, editQuestionBody, pagingQuery, questionListQuery } from './question.schemas';
import type { AskBody, ContentBody, EditQuestionBody, PagingQuery, QuestionListQuery } from './question.schemas';

/** A question's routes: ask, list, read, edit, addenda, adoption, its answers' posting, likes and favourites. */
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

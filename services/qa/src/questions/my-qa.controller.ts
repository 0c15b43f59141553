import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AnswerReplyView, AnswerView, CommandMetadata, Page, QuestionRow } from '@forum/contracts';
import { CommandMeta, ValidQuery } from '@forum/platform';
import { actorOf } from '../qa-policy';
import { AnswerReader } from './answer-reader';
import { QuestionFavouritesReader } from './question-favourites-reader';
import { QuestionListReader } from './question-list-reader';
import { pagingQuery } from './question.schemas';
import type { PagingQuery } from './question.schemas';

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
  ): Promise<Page<AnswerReplyView>> {
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

import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AnswerView, Page, QuestionRow } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { Public, ValidQuery } from '@forum/platform';
import { AnswerReader } from './answer-reader';
import { QuestionListReader } from './question-list-reader';
import { pagingQuery } from './question.schemas';
import type { PagingQuery } from './question.schemas';

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

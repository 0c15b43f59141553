import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type {
  AnswerReplyView,
  AnswerView,
  CommandMetadata,
  Page,
  QuestionRow,
  QuestionWritten,
} from '@forum/contracts';
import { CommandMeta, RequiresPermission, ValidBody, ValidQuery } from '@forum/platform';
import { AdjustBountyCommand, CancelAdoptionCommand } from './question.commands';
import { AnswerReader } from './answer-reader';
import { QuestionListReader } from './question-list-reader';
import { adjustBountyBody, pagingQuery, staffQuestionsQuery } from './question.schemas';
import type { AdjustBountyBody, StaffQuestionsQuery } from './question.schemas';

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
  replies(@ValidQuery(staffAnswersQuery) query: z.infer<typeof staffAnswersQuery>): Promise<Page<AnswerReplyView>> {
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

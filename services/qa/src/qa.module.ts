import { Module } from '@nestjs/common';
import {
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { AnswerCommands } from './answers/answer.commands';
import { QaBounties } from './bounties/qa-bounties';
import { QuestionMarks } from './marks/question-marks';
import { QaPolicy } from './qa-policy';
import { QaReactors } from './qa-reactors';
import { QuestionCommands } from './questions/question.commands';
import { QuestionQueries } from './questions/question.queries';
import {
  AnswersController,
  MyQaController,
  QuestionsController,
  StaffQaController,
} from './questions/questions.controller';
import { questionsProjection } from './questions/questions.projection';
import { QuestionTags, questionTagsProjection } from './tags/question-tags';
import { QuestionTagsController } from './tags/question-tags.controller';

/** Every read model of the Q&A context (also listed for the rebuild command). */
export const QA_PROJECTIONS = [
  questionTagsProjection,
  questionsProjection,
  memberProfilesProjection('qa'),
  permissionSetsProjection('qa'),
];

/**
 * The Q&A context (DOMAIN §6): question tags, questions with addenda, answers and answer replies, likes and
 * favourites, adoption; bounties are held, awarded and refunded by the wallet through peer commands (ADR 0015).
 */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'qa', projections: QA_PROJECTIONS })],
  controllers: [QuestionTagsController, QuestionsController, AnswersController, MyQaController, StaffQaController],
  providers: [
    PermissionChecker,
    QaPolicy,
    QuestionTags,
    QaBounties,
    QuestionCommands,
    AnswerCommands,
    QuestionMarks,
    QuestionQueries,
    QaReactors,
  ],
})
export class QaModule {}

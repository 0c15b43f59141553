import { Module } from '@nestjs/common';
import {
  EventSourcingModule,
  memberNicknamesProjection,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { AnswerCommands } from './answers/answer.commands';
import { AnswersController } from './answers/answers.controller';
import { QaBounties } from './bounties/qa-bounties';
import { AnswerLikes } from './marks/answer-likes';
import { QuestionMarks } from './marks/question-marks';
import { QaModerationPeers } from './moderation-peers';
import { QA_COMMAND_HANDLERS } from './qa-command-handlers';
import { QaMentions } from './qa-mentions';
import { QaPolicy } from './qa-policy';
import { QaReactors } from './qa-reactors';
import { QaReadCache } from './questions/qa-read-cache';
import { QuestionCommands } from './questions/question.commands';
import { AnswerReader } from './questions/answer-reader';
import { QuestionDetailReader } from './questions/question-detail-reader';
import { QuestionFavouritesReader } from './questions/question-favourites-reader';
import { QuestionListReader } from './questions/question-list-reader';
import { QuestionRowReader } from './questions/question-row-reader';
import { QuestionsController } from './questions/questions.controller';
import { MemberQaController } from './questions/member-qa.controller';
import { MyQaController } from './questions/my-qa.controller';
import { StaffQaController } from './questions/staff-qa.controller';
import { questionsProjection } from './questions/questions.projection';
import { QaReview } from './review/qa-review';
import { MyQaSubmissionsController, QaReviewReader, QaStaffReviewController } from './review/qa-review.controller';
import { qaReviewQueueProjection } from './review/qa-review-queue.projection';
import { QuestionTags, questionTagsProjection } from './tags/question-tags';
import { QuestionTagsController } from './tags/question-tags.controller';
import {
  QaRevisions,
  QaRevisionsController,
  qaRevisionsProjection,
  QaStaffRevisionsController,
} from './revisions/qa-revisions';

/** Every read model of the Q&A context (also listed for the rebuild command). */
export const QA_PROJECTIONS = [
  questionTagsProjection,
  questionsProjection,
  qaReviewQueueProjection,
  memberProfilesProjection('qa'),
  permissionSetsProjection('qa'),
  // `@nickname` → member id, for mentions: the Q&A's own copy, in its own database.
  memberNicknamesProjection('qa'),
  // Edit history of questions and answers (ADR 0032).
  qaRevisionsProjection,
];

/**
 * The Q&A context (docs/rules/qa.md): question tags, questions with addenda, answers and answer replies, likes and
 * favourites, adoption; bounties are held, awarded and refunded by the wallet through peer commands (ADR 0017).
 */
import { QaSyndication } from './syndication/qa-syndication';
import { QaSyndicationController } from './syndication/qa-syndication.controller';

@Module({
  imports: [EventSourcingModule.forContext({ context: 'qa', projections: QA_PROJECTIONS })],
  controllers: [
    QuestionTagsController,
    QuestionsController,
    AnswersController,
    MyQaController,
    MemberQaController,
    StaffQaController,
    QaStaffReviewController,
    MyQaSubmissionsController,
    QaSyndicationController,
    QaRevisionsController,
    QaStaffRevisionsController,
  ],
  providers: [
    PermissionChecker,
    QaPolicy,
    QuestionTags,
    QaBounties,
    QaReview,
    QaReviewReader,
    QuestionCommands,
    AnswerCommands,
    QuestionMarks,
    AnswerLikes,
    QaMentions,
    QaReadCache,
    QaSyndication,
    QuestionRowReader,
    QuestionListReader,
    QuestionFavouritesReader,
    QuestionDetailReader,
    AnswerReader,
    QaReactors,
    QaModerationPeers,
    QaRevisions,
    ...QA_COMMAND_HANDLERS,
  ],
})
export class QaModule {}

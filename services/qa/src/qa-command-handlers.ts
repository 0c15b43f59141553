import type { Provider } from '@nestjs/common';
import {
  EditAnswerHandler,
  EditAnswerReplyHandler,
  PostAnswerHandler,
  RemoveAnswerHandler,
  RemoveAnswerReplyHandler,
  ReplyToAnswerHandler,
} from './answers/answer.commands';
import { SetAnswerLikeHandler, SetQuestionMarkHandler } from './marks/mark.commands';
import {
  AdjustBountyHandler,
  AdoptAnswerHandler,
  AppendAddendumHandler,
  AskQuestionHandler,
  CancelAdoptionHandler,
  EditQuestionHandler,
  RemoveQuestionHandler,
} from './questions/question.commands';
import { SetQaRevisionHiddenHandler } from './revisions/qa-revisions';
import { ApproveQaSubmissionHandler, RejectQaSubmissionHandler } from './review/qa-review.commands';
import {
  ChangeQuestionTagHandler,
  CreateQuestionTagHandler,
  RemoveQuestionTagHandler,
} from './tags/question-tag.commands';

/** The handlers of the Q&A routes' commands (ADR 0041), registered by the Q&A module. */
export const QA_COMMAND_HANDLERS: Provider[] = [
  AskQuestionHandler,
  EditQuestionHandler,
  AppendAddendumHandler,
  RemoveQuestionHandler,
  AdoptAnswerHandler,
  CancelAdoptionHandler,
  AdjustBountyHandler,
  PostAnswerHandler,
  EditAnswerHandler,
  RemoveAnswerHandler,
  ReplyToAnswerHandler,
  EditAnswerReplyHandler,
  RemoveAnswerReplyHandler,
  SetQuestionMarkHandler,
  SetAnswerLikeHandler,
  CreateQuestionTagHandler,
  ChangeQuestionTagHandler,
  RemoveQuestionTagHandler,
  ApproveQaSubmissionHandler,
  RejectQaSubmissionHandler,
  SetQaRevisionHiddenHandler,
];

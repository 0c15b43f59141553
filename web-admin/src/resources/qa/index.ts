import { lazy } from 'react';
import QuestionIcon from '@mui/icons-material/HelpOutlined';
import AnswerIcon from '@mui/icons-material/QuestionAnswer';
import ReplyIcon from '@mui/icons-material/ReplyAll';
import TagIcon from '@mui/icons-material/LocalOffer';
import ReviewIcon from '@mui/icons-material/RuleFolder';

export { qaResources, withQa } from './qa-api';
export type { QaDataProvider, QaReviewItem, QaReviewKind } from './qa-api';
export { qaEn, qaZh } from './qa.i18n';

/** Every question, with cancel adoption, adjust bounty and delete (resource `qaQuestions`). */
export const qaQuestions = {
  list: lazy(() => import('./QuestionList').then(({ QuestionList }) => ({ default: QuestionList }))),
  icon: QuestionIcon,
  recordRepresentation: 'title',
};

/** Every answer, with adopt and delete (resource `qaAnswers`). */
export const qaAnswers = {
  list: lazy(() => import('./AnswerList').then(({ AnswerList }) => ({ default: AnswerList }))),
  icon: AnswerIcon,
};

/** Every reply to an answer, with delete (resource `qaAnswerReplies`). */
export const qaAnswerReplies = {
  list: lazy(() => import('./AnswerList').then(({ AnswerReplyList }) => ({ default: AnswerReplyList }))),
  icon: ReplyIcon,
};

/** The question tag tree, edited with the forum's tree screens (resource `qaTags`). */
export const qaTags = {
  list: lazy(() => import('../forum/TagList').then(({ TagList }) => ({ default: TagList }))),
  create: lazy(() => import('../forum/TagList').then(({ TagCreate }) => ({ default: TagCreate }))),
  edit: lazy(() => import('../forum/TagList').then(({ TagEdit }) => ({ default: TagEdit }))),
  icon: TagIcon,
  recordRepresentation: 'name',
};

/** Held questions, answers and answer replies: approve or reject with a reason (resource `qaReview`). */
export const qaReview = {
  list: lazy(() => import('./QaReviewQueue').then(({ QaReviewQueue }) => ({ default: QaReviewQueue }))),
  icon: ReviewIcon,
};

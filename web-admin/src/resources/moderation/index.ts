import { lazy } from 'react';
import ReportIcon from '@mui/icons-material/Report';
import TreeIcon from '@mui/icons-material/AccountTree';
import HelpIcon from '@mui/icons-material/Help';
import ArticleIcon from '@mui/icons-material/Article';
import FeedbackIcon from '@mui/icons-material/Feedback';

export {
  feedbackApi,
  helpArticlesApi,
  helpCategoriesApi,
  reportsApi,
  reportTypesApi,
  visitsApi,
} from './moderation-api';
export { moderationEn, moderationZh } from './moderation.i18n';

/** The report queue (resource `reports`): filter by status and kind, handle a pending report, delete one. */
export const moderationReports = {
  list: lazy(() => import('./ReportQueue').then(({ ReportQueue }) => ({ default: ReportQueue }))),
  icon: ReportIcon,
};

/** The report types tree (resource `reportTypes`). */
export const moderationReportTypes = {
  list: lazy(() => import('./ReportTypeList').then(({ ReportTypeList }) => ({ default: ReportTypeList }))),
  create: lazy(() => import('./ReportTypeList').then(({ ReportTypeCreate }) => ({ default: ReportTypeCreate }))),
  edit: lazy(() => import('./ReportTypeList').then(({ ReportTypeEdit }) => ({ default: ReportTypeEdit }))),
  icon: TreeIcon,
  recordRepresentation: 'name',
};

/** The help center editor (resources `helpCategories`, `helpArticles`). */
export const moderationHelpCategories = {
  list: lazy(() => import('./HelpEditor').then(({ HelpCategoryList }) => ({ default: HelpCategoryList }))),
  create: lazy(() => import('./HelpEditor').then(({ HelpCategoryCreate }) => ({ default: HelpCategoryCreate }))),
  edit: lazy(() => import('./HelpEditor').then(({ HelpCategoryEdit }) => ({ default: HelpCategoryEdit }))),
  icon: HelpIcon,
  recordRepresentation: 'name',
};
export const moderationHelpArticles = {
  list: lazy(() => import('./HelpEditor').then(({ HelpArticleList }) => ({ default: HelpArticleList }))),
  create: lazy(() => import('./HelpEditor').then(({ HelpArticleCreate }) => ({ default: HelpArticleCreate }))),
  edit: lazy(() => import('./HelpEditor').then(({ HelpArticleEdit }) => ({ default: HelpArticleEdit }))),
  icon: ArticleIcon,
  recordRepresentation: 'title',
};

/** The online message inbox (resource `feedback`). */
export const moderationFeedback = {
  list: lazy(() => import('./FeedbackInbox').then(({ FeedbackInbox }) => ({ default: FeedbackInbox }))),
  icon: FeedbackIcon,
};

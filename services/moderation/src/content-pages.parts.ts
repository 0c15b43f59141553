import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { FeedbackBox, feedbackProjection } from './feedback/feedback';
import { FeedbackController } from './feedback/feedback.controller';
import { RemoveFeedbackHandler, SendFeedbackHandler } from './feedback/feedback.commands';
import { HelpCenter } from './help/help-center';
import {
  ChangeHelpCategoryHandler,
  CreateHelpCategoryHandler,
  EditHelpArticleHandler,
  PublishHelpArticleHandler,
  RemoveHelpArticleHandler,
  RemoveHelpCategoryHandler,
} from './help/help.commands';
import { HelpController, StaffHelpController, TermsController } from './help/help.controller';
import { helpProjection } from './help/help.projection';
import { VisitStatisticsController } from './statistics/visit-statistics';

/** The content pages of the moderation context (docs/rules/moderation.md, content pages): help center, terms, feedback, visit statistics. */
export const CONTENT_PAGE_PROJECTIONS: ProjectionDefinition[] = [helpProjection, feedbackProjection];
export const CONTENT_PAGE_CONTROLLERS: Type[] = [
  HelpController,
  StaffHelpController,
  TermsController,
  FeedbackController,
  VisitStatisticsController,
];
export const CONTENT_PAGE_PROVIDERS: Provider[] = [
  HelpCenter,
  FeedbackBox,
  SendFeedbackHandler,
  RemoveFeedbackHandler,
  CreateHelpCategoryHandler,
  ChangeHelpCategoryHandler,
  RemoveHelpCategoryHandler,
  PublishHelpArticleHandler,
  EditHelpArticleHandler,
  RemoveHelpArticleHandler,
];

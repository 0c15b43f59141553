import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { FeedbackBox, FeedbackController, feedbackProjection } from './feedback/feedback';
import { HelpCenter } from './help/help-center';
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
export const CONTENT_PAGE_PROVIDERS: Provider[] = [HelpCenter, FeedbackBox];

import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { MySubmissionsController, StaffReviewController } from './review.controller';
import { ReviewCommands } from './review.commands';
import { reviewQueueProjection } from './review-queue.projection';
import { ReviewReader } from './review.reader';
import { ModerationPeers } from './moderation-peers';
import { StaffContentController, StaffContentReader } from './staff-content';

/** The review queue part of the forum context (ADR 0014), with the staff lists of comments and replies. */
export const REVIEW_PROJECTIONS: ProjectionDefinition[] = [reviewQueueProjection];
export const REVIEW_CONTROLLERS: Type[] = [StaffReviewController, MySubmissionsController, StaffContentController];
export const REVIEW_PROVIDERS: Provider[] = [ReviewCommands, ReviewReader, StaffContentReader, ModerationPeers];

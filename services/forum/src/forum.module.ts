import { Module } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { EventSourcingModule, memberProfilesProjection } from '@forum/platform';
import { TOPIC_CONTROLLERS, TOPIC_PROJECTIONS, TOPIC_PROVIDERS } from './topics/topic.parts';
import { COMMENT_CONTROLLERS, COMMENT_PROJECTIONS, COMMENT_PROVIDERS } from './comments/comments.parts';
import { REACTION_CONTROLLERS, REACTION_PROJECTIONS, REACTION_PROVIDERS } from './reactions/reactions.parts';
import { UPLOAD_CONTROLLERS, UPLOAD_PROVIDERS } from './uploads/uploads.parts';
import { REVIEW_CONTROLLERS, REVIEW_PROJECTIONS, REVIEW_PROVIDERS } from './review/review.parts';
import { MEMBER_CONTROLLERS, MEMBER_PROVIDERS } from './members/members.parts';
import { DRAFT_CONTROLLERS, DRAFT_PROVIDERS } from './drafts/drafts.parts';
import { POLL_CONTROLLERS, POLL_PROJECTIONS, POLL_PROVIDERS } from './polls/polls.parts';
import { ForumSyndication } from './syndication/forum-syndication';
import { ForumSyndicationController } from './syndication/forum-syndication.controller';
import { FORUM_COMMAND_HANDLERS } from './forum-command-handlers';

/** Every read model of the forum context (also listed for the rebuild command). */
export const FORUM_PROJECTIONS: ProjectionDefinition[] = [
  ...TOPIC_PROJECTIONS,
  memberProfilesProjection('forum'),
  ...COMMENT_PROJECTIONS,
  ...REACTION_PROJECTIONS,
  ...REVIEW_PROJECTIONS,
  ...POLL_PROJECTIONS,
];

/** The forum context: topics (so far the Foundation's slice: post a topic, list topics). */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'forum', projections: FORUM_PROJECTIONS })],
  controllers: [
    ...TOPIC_CONTROLLERS,
    ...COMMENT_CONTROLLERS,
    ...REACTION_CONTROLLERS,
    ...UPLOAD_CONTROLLERS,
    ...MEMBER_CONTROLLERS,
    ...DRAFT_CONTROLLERS,
    ...REVIEW_CONTROLLERS,
    ...POLL_CONTROLLERS,
    ForumSyndicationController,
  ],
  providers: [
    ...TOPIC_PROVIDERS,
    ...COMMENT_PROVIDERS,
    ...REACTION_PROVIDERS,
    ...UPLOAD_PROVIDERS,
    ...MEMBER_PROVIDERS,
    ...DRAFT_PROVIDERS,
    ...REVIEW_PROVIDERS,
    ...POLL_PROVIDERS,
    ForumSyndication,
    ...FORUM_COMMAND_HANDLERS,
  ],
})
export class ForumModule {}

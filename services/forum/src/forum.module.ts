import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@forum/platform';
import { PostTopicHandler } from './topics/commands/post-topic.handler';
import { topicListProjection } from './topics/projections/topic-list.projection';
import { topicStatsProjection } from './topics/projections/topic-stats.projection';
import { GetTopicListHandler } from './topics/queries/get-topic-list.query';
import { GetTopicStatsHandler } from './topics/queries/get-topic-stats.query';
import { ForumStatsController } from './topics/forum-stats.controller';
import { TopicsController } from './topics/topics.controller';

/** The forum context: topics (so far the Foundation's slice: post a topic, list topics). */
@Module({
  imports: [
    EventSourcingModule.forContext({ context: 'forum', projections: [topicListProjection, topicStatsProjection] }),
  ],
  controllers: [TopicsController, ForumStatsController],
  providers: [PostTopicHandler, GetTopicListHandler, GetTopicStatsHandler],
})
export class ForumModule {}

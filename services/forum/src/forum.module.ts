import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@forum/platform';
import { PostTopicHandler } from './topics/commands/post-topic.handler';
import { topicListProjection } from './topics/projections/topic-list.projection';
import { GetTopicListHandler } from './topics/queries/get-topic-list.query';
import { TopicsController } from './topics/topics.controller';

/** The forum context: topics (so far the Foundation's slice: post a topic, list topics). */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'forum', projections: [topicListProjection] })],
  controllers: [TopicsController],
  providers: [PostTopicHandler, GetTopicListHandler],
})
export class ForumModule {}

import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiOkBody, RequiresPermission } from '@forum/platform';
import { GetTopicStatsQuery } from './queries/get-topic-stats.query';
import { topicStats } from './topic.schemas';
import type { TopicStats } from './topic.schemas';

/** Figures for the staff dashboard. */
@ApiTags('forum')
@RequiresPermission('dashboard.read')
@Controller('forum/stats')
export class ForumStatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOkBody(topicStats)
  stats(): Promise<TopicStats> {
    return this.queries.execute(new GetTopicStatsQuery(new Date()));
  }
}

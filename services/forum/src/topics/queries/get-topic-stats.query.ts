import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import { TOPIC_LIST } from '../projections/topic-list.projection';
import { dayOf, TOPIC_DAILY_STATS } from '../projections/topic-stats.projection';
import type { TopicStats } from '../topic.schemas';

export class GetTopicStatsQuery extends Query<TopicStats> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetTopicStatsQuery)
export class GetTopicStatsHandler implements IQueryHandler<GetTopicStatsQuery> {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async execute({ now }: GetTopicStatsQuery): Promise<TopicStats> {
    const [today, topicsTotal] = await Promise.all([
      this.db.collection<{ _id: string; posted: number }>(TOPIC_DAILY_STATS).findOne({ _id: dayOf(now.toISOString()) }),
      this.db.collection(TOPIC_LIST).estimatedDocumentCount(),
    ]);
    return { topicsToday: today?.posted ?? 0, topicsTotal };
  }
}

import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import { TOPIC_LIST } from '../projections/topic-list.projection';
import { DAY_SHARDS, dayOf, dayShardId, TOPIC_DAILY_STATS } from '../projections/topic-stats.projection';
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
    const day = dayOf(now.toISOString());
    const shards = Array.from({ length: DAY_SHARDS }, (_, shard) => dayShardId(day, shard));
    const [today, topicsTotal] = await Promise.all([
      this.db
        .collection<{ _id: string; posted: number }>(TOPIC_DAILY_STATS)
        .find({ _id: { $in: shards } }, { projection: { posted: 1 } })
        .toArray(),
      this.db.collection(TOPIC_LIST).estimatedDocumentCount(),
    ]);
    return { topicsToday: today.reduce((sum, shard) => sum + shard.posted, 0), topicsTotal };
  }
}

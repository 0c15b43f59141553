import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { Page, pageOf } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import { TOPIC_LIST, TopicListDocument, toTopicRow } from '../projections/topic-list.projection';
import type { TopicListQuery, TopicRow } from '../topic.schemas';

export class GetTopicListQuery extends Query<Page<TopicRow>> {
  constructor(readonly paging: TopicListQuery) {
    super();
  }
}

@QueryHandler(GetTopicListQuery)
export class GetTopicListHandler implements IQueryHandler<GetTopicListQuery> {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async execute({ paging: { page, pageSize } }: GetTopicListQuery): Promise<Page<TopicRow>> {
    const topics = this.db.collection<TopicListDocument>(TOPIC_LIST);
    const [rows, total] = await Promise.all([
      topics
        .find({})
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      topics.estimatedDocumentCount(),
    ]);
    return pageOf(rows.map(toTopicRow), page, pageSize, total);
  }
}

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor, Page } from '@forum/contracts';
import { TopicQueries } from '../topic-queries';
import type { TopicListQuery, TopicRow } from '../topic.schemas';

export class GetTopicListQuery extends Query<Page<TopicRow>> {
  constructor(
    readonly paging: Partial<TopicListQuery> & { page: number; pageSize: number },
    readonly reader: Actor = { kind: 'system', id: null },
  ) {
    super();
  }
}

/** For in-process callers (the demo seed): the same lists as `GET /api/forum/topics`. */
@QueryHandler(GetTopicListQuery)
export class GetTopicListHandler implements IQueryHandler<GetTopicListQuery> {
  constructor(private readonly topics: TopicQueries) {}

  execute({ paging, reader }: GetTopicListQuery): Promise<Page<TopicRow>> {
    return this.topics.list({ filter: 'all', ...paging }, reader);
  }
}

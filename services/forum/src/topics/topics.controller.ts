import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata, Page } from '@forum/contracts';
import { CommandMeta, Public, ValidBody, ValidQuery } from '@forum/platform';
import { PostTopicCommand } from './commands/post-topic.command';
import { GetTopicListQuery } from './queries/get-topic-list.query';
import { postedTopic, postTopicBody, topicListQuery, topicPage } from './topic.schemas';
import type { PostedTopic, PostTopicBody, TopicListQuery, TopicRow } from './topic.schemas';

@ApiTags('forum')
@Controller('forum/topics')
export class TopicsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOkResponse({ schema: z.toJSONSchema(postedTopic) as never })
  post(@ValidBody(postTopicBody) body: PostTopicBody, @CommandMeta() meta: CommandMetadata): Promise<PostedTopic> {
    return this.commands.execute(new PostTopicCommand(body, meta));
  }

  @Public()
  @Get()
  @ApiOkResponse({ schema: z.toJSONSchema(topicPage) as never })
  list(@ValidQuery(topicListQuery) query: TopicListQuery): Promise<Page<TopicRow>> {
    return this.queries.execute(new GetTopicListQuery(query));
  }
}

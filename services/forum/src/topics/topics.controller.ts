import { Controller, Delete, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RateLimit,
  RequiresPermission,
  routeId,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { pagingQuery as commentPagingQuery } from '../shared/forum.schemas';
import type { PagingQuery as CommentPagingQuery } from '../shared/forum.schemas';
import { UnlockTopicCommand } from '../unlocks/unlock.commands';
import {
  EditTopicCommand,
  PinTopicCommand,
  PostTopicCommand,
  RemoveTopicCommand,
  RestoreTopicCommand,
  SetTopicEssenceCommand,
} from './topic.commands';
import { TopicPageQueries, topicPageView } from './topic-page';
import type { TopicPageView } from './topic-page';
import { TopicQueries } from './topic-queries';
import {
  editTopicBody,
  essenceBody,
  pagingQuery,
  pinBody,
  postedTopic,
  postTopicBody,
  staffTopicsQuery,
  topicDetail,
  topicListQuery,
  topicPage,
  topicRow,
  unlockBody,
  unlockRecordPage,
  unlockResult,
} from './topic.schemas';
import type {
  EditTopicBody,
  PagingQuery,
  PostedTopic,
  PostTopicBody,
  StaffTopicsQuery,
  TopicDetail,
  TopicListQuery,
  TopicRow,
  UnlockBody,
  UnlockRecordView,
  UnlockResult,
} from './topic.schemas';

const json = (schema: z.ZodType) => ({ schema: z.toJSONSchema(schema, { unrepresentable: 'any' }) as never });

@ApiTags('forum')
@Controller('forum/topics')
export class TopicsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: TopicQueries,
    private readonly pages: TopicPageQueries,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOkResponse(json(postedTopic))
  post(@ValidBody(postTopicBody) body: PostTopicBody, @CommandMeta() meta: CommandMetadata): Promise<PostedTopic> {
    return this.commands.execute(new PostTopicCommand(body, meta));
  }

  /** Home (pinned first, then newest), a tag's list, essence or hot; rows carry `hideTagTypeMap`. */
  @Public()
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOkResponse(json(topicPage))
  list(
    @ValidQuery(topicListQuery) query: TopicListQuery,
    @CurrentActor() reader: Actor,
  ): Promise<Page<TopicRow> | Buffer> {
    return this.queries.listResponse(query, reader);
  }

  /** The topic as this reader may see it: locked hidden blocks are empty placeholders. */
  @Public()
  @Get(':topicId')
  @ApiOkResponse(json(topicDetail))
  detail(@Param('topicId') topicId: string, @CurrentActor() reader: Actor): Promise<TopicDetail> {
    return this.queries.detail(topicId, reader, new Date());
  }

  /**
   * The topic page's first paint in one request: the detail (as `GET :topicId` answers it) and one page of its
   * comments (as `GET :topicId/comments` answers it).
   */
  @Public()
  @Get(':topicId/page')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOkResponse(json(topicPageView))
  page(
    @Param('topicId') topicId: string,
    @ValidQuery(commentPagingQuery) { page, pageSize }: CommentPagingQuery,
    @CurrentActor() reader: Actor,
  ): Promise<TopicPageView | Buffer> {
    return this.pages.page(routeId(topicId, 'forum.topic_not_found'), page, pageSize, reader, new Date());
  }

  @Public()
  @Get(':topicId/similar')
  @ApiOkResponse(json(z.object({ items: z.array(topicRow) })))
  async similar(@Param('topicId') topicId: string, @CurrentActor() reader: Actor): Promise<{ items: TopicRow[] }> {
    return { items: await this.queries.similar(topicId, reader) };
  }

  @Patch(':topicId')
  @ApiOkResponse(json(postedTopic))
  edit(
    @Param('topicId') topicId: string,
    @ValidBody(editTopicBody) body: EditTopicBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<PostedTopic> {
    return this.commands.execute(new EditTopicCommand(topicId, body, meta));
  }

  @Delete(':topicId')
  @ApiOkResponse(json(postedTopic))
  remove(@Param('topicId') topicId: string, @CommandMeta() meta: CommandMetadata): Promise<PostedTopic> {
    return this.commands.execute(new RemoveTopicCommand(topicId, meta));
  }

  @RequiresPermission('content.manage')
  @Post(':topicId/restore')
  @HttpCode(200)
  @ApiOkResponse(json(postedTopic))
  restore(@Param('topicId') topicId: string, @CommandMeta() meta: CommandMetadata): Promise<PostedTopic> {
    return this.commands.execute(new RestoreTopicCommand(topicId, meta));
  }

  /** `weight` 0 unpins; higher weights come first on the home list. */
  @RequiresPermission('content.manage')
  @Post(':topicId/pin')
  @HttpCode(200)
  @ApiOkResponse(json(postedTopic))
  pin(
    @Param('topicId') topicId: string,
    @ValidBody(pinBody) body: { weight: number },
    @CommandMeta() meta: CommandMetadata,
  ): Promise<PostedTopic> {
    return this.commands.execute(new PinTopicCommand(topicId, body.weight, meta));
  }

  @RequiresPermission('content.manage')
  @Post(':topicId/essence')
  @HttpCode(200)
  @ApiOkResponse(json(postedTopic))
  essence(
    @Param('topicId') topicId: string,
    @ValidBody(essenceBody) body: { essence: boolean },
    @CommandMeta() meta: CommandMetadata,
  ): Promise<PostedTopic> {
    return this.commands.execute(new SetTopicEssenceCommand(topicId, body.essence, meta));
  }

  /** Type 10 (password). Answers with the opened blocks' HTML so the page reveals them without reloading. */
  @Post(':topicId/unlock')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  @ApiOkResponse(json(unlockResult))
  unlock(
    @Param('topicId') topicId: string,
    @ValidBody(unlockBody) body: UnlockBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<UnlockResult> {
    return this.commands.execute(new UnlockTopicCommand(topicId, body, meta));
  }

  /** Who unlocked this topic's hidden content (the author and staff). */
  @Get(':topicId/unlocks')
  @ApiOkResponse(json(unlockRecordPage))
  unlockRecords(
    @Param('topicId') topicId: string,
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CurrentActor() reader: Actor,
  ): Promise<Page<UnlockRecordView>> {
    return this.queries.unlocksOf(topicId, paging, reader);
  }
}

/** The staff console's topic list (edit, delete, restore, pin and essence use the routes above). */
@ApiTags('forum')
@RequiresPermission('content.manage')
@Controller('forum/staff/topics')
export class StaffTopicsController {
  constructor(private readonly queries: TopicQueries) {}

  @Get()
  @ApiOkResponse(json(topicPage))
  list(@ValidQuery(staffTopicsQuery) query: StaffTopicsQuery, @CurrentActor() reader: Actor): Promise<Page<TopicRow>> {
    return this.queries.staffList(query, reader);
  }
}

/** A member's topics, for their member page. */
@ApiTags('forum')
@Controller('forum/members')
export class MemberTopicsController {
  constructor(private readonly queries: TopicQueries) {}

  @Public()
  @Get(':memberId/topics')
  @ApiOkResponse(json(topicPage))
  topics(
    @Param('memberId') memberId: string,
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CurrentActor() reader: Actor,
  ): Promise<Page<TopicRow>> {
    return this.queries.ofMember(routeId(memberId, 'common.not_found'), paging, reader);
  }
}

@ApiTags('forum')
@Controller('forum/me')
export class MyTopicsController {
  constructor(private readonly queries: TopicQueries) {}

  /** My topics with counts (comments, likes, favourites, unlocks, reads). */
  @Get('topics')
  @ApiOkResponse(json(topicPage))
  topics(@ValidQuery(pagingQuery) paging: PagingQuery, @CurrentActor() reader: Actor): Promise<Page<TopicRow>> {
    return this.queries.mine(paging, reader);
  }

  /** Hidden content I unlocked. */
  @Get('unlocks')
  @ApiOkResponse(json(unlockRecordPage))
  unlocks(
    @ValidQuery(pagingQuery) paging: PagingQuery,
    @CurrentActor() reader: Actor,
  ): Promise<Page<UnlockRecordView>> {
    return this.queries.myUnlocks(paging, reader);
  }
}

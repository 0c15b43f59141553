import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import {
  ApiOkBody,
  CommandMeta,
  CurrentActor,
  Public,
  RequiresPermission,
  routeId,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { pagingQuery } from '../shared/forum.schemas';
import type { PagingQuery } from '../shared/forum.schemas';
import { CreatePollCommand, ManagePollCommand, PollWritten, VotePollCommand } from './poll.commands';
import { PollReader } from './poll-reader';
import { createPollBody, staffPollPage, topicPoll, votePollBody } from './poll.schemas';
import type { CreatePollBody, StaffPollRow, TopicPoll, VotePollBody } from './poll.schemas';
import { z } from 'zod';

const pollWritten = z.object({ poll: topicPoll.shape.poll, visible: z.boolean() });

/** A topic's poll (docs/rules/forum.md, polls): read with the topic's gates, added by its author, voted once. */
@ApiTags('forum')
@Controller('forum/topics/:topicId/poll')
export class PollsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: PollReader,
  ) {}

  /** The topic's poll or `{ poll: null }`; counts only after the reader voted or once it closed. */
  @Public()
  @Get()
  @ApiOkBody(topicPoll)
  get(@Param('topicId') topicId: string, @CurrentActor() reader: Actor): Promise<TopicPoll> {
    return this.reader.forTopic(routeId(topicId, 'forum.topic_not_found'), reader, new Date());
  }

  @Post()
  @HttpCode(200)
  @ApiOkBody(pollWritten)
  create(
    @Param('topicId') topicId: string,
    @ValidBody(createPollBody) body: CreatePollBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<PollWritten> {
    return this.commands.execute(new CreatePollCommand(routeId(topicId, 'forum.topic_not_found'), body, meta));
  }

  @Post('votes')
  @HttpCode(200)
  @ApiOkBody(pollWritten)
  vote(
    @Param('topicId') topicId: string,
    @ValidBody(votePollBody) body: VotePollBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<PollWritten> {
    return this.commands.execute(new VotePollCommand(routeId(topicId, 'forum.topic_not_found'), body.optionIds, meta));
  }
}

/** Staff close a poll early or delete it; both are events with the staff actor, so the audit log shows them. */
@ApiTags('forum')
@RequiresPermission('polls.manage')
@Controller('forum/staff/polls')
export class StaffPollsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: PollReader,
  ) {}

  @Get()
  @ApiOkBody(staffPollPage)
  list(@ValidQuery(pagingQuery) { page, pageSize }: PagingQuery): Promise<Page<StaffPollRow>> {
    return this.reader.staffList(page, pageSize, new Date());
  }

  @Post(':pollId/close')
  @HttpCode(200)
  @ApiOkBody(pollWritten)
  close(@Param('pollId') pollId: string, @CommandMeta() meta: CommandMetadata): Promise<PollWritten> {
    return this.commands.execute(new ManagePollCommand(routeId(pollId, 'forum.poll_not_found'), 'close', meta));
  }

  @Delete(':pollId')
  @ApiOkBody(pollWritten)
  remove(@Param('pollId') pollId: string, @CommandMeta() meta: CommandMetadata): Promise<PollWritten> {
    return this.commands.execute(new ManagePollCommand(routeId(pollId, 'forum.poll_not_found'), 'delete', meta));
  }
}

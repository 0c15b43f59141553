import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Actor, CommandMetadata, LikeTargetKind, Page } from '@forum/contracts';
import { ApiOkBody, CommandMeta, CurrentActor, routeId, ValidQuery } from '@forum/platform';
import { DomainError } from '@forum/event-store';
import { likeTargetKind, pagingQuery } from '../shared/forum.schemas';
import type { PagingQuery } from '../shared/forum.schemas';
import { FavouriteState, LikeState, ToggleFavouriteCommand, ToggleLikeCommand } from './reaction.commands';
import { favouriteState, likeState, reactorPage } from './reaction.schemas';
import type { ReactorRow } from './reaction.schemas';
import { ReactionsReader } from './reaction.reader';

function target(kind: string, id: string): { kind: LikeTargetKind; id: string } {
  const parsed = likeTargetKind.safeParse(kind);
  if (!parsed.success) throw new DomainError('common.route_not_found');
  const notFound = {
    topic: 'forum.topic_not_found',
    comment: 'forum.comment_not_found',
    reply: 'forum.reply_not_found',
  } as const;
  return { kind: parsed.data, id: routeId(id, notFound[parsed.data]) };
}

/** Likes (topics, comments, replies) and favourites (topics) as idempotent PUT / DELETE toggles. */
@ApiTags('forum')
@Controller('forum')
export class ReactionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: ReactionsReader,
  ) {}

  @Put('likes/:targetKind/:targetId')
  @ApiOkBody(likeState)
  like(
    @Param('targetKind') kind: string,
    @Param('targetId') id: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<LikeState> {
    const t = target(kind, id);
    return this.commands.execute(new ToggleLikeCommand(t.kind, t.id, true, meta));
  }

  @Delete('likes/:targetKind/:targetId')
  @ApiOkBody(likeState)
  unlike(
    @Param('targetKind') kind: string,
    @Param('targetId') id: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<LikeState> {
    const t = target(kind, id);
    return this.commands.execute(new ToggleLikeCommand(t.kind, t.id, false, meta));
  }

  @Put('favourites/topic/:topicId')
  @ApiOkBody(favouriteState)
  favourite(@Param('topicId') topicId: string, @CommandMeta() meta: CommandMetadata): Promise<FavouriteState> {
    return this.commands.execute(new ToggleFavouriteCommand(routeId(topicId, 'forum.topic_not_found'), true, meta));
  }

  @Delete('favourites/topic/:topicId')
  @ApiOkBody(favouriteState)
  unfavourite(@Param('topicId') topicId: string, @CommandMeta() meta: CommandMetadata): Promise<FavouriteState> {
    return this.commands.execute(new ToggleFavouriteCommand(routeId(topicId, 'forum.topic_not_found'), false, meta));
  }

  /** Who liked the topic: its author and staff only. */
  @Get('topics/:topicId/likers')
  @ApiOkBody(reactorPage)
  likers(
    @Param('topicId') topicId: string,
    @ValidQuery(pagingQuery) { page, pageSize }: PagingQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ReactorRow>> {
    return this.reader.reactors('topicLikers', routeId(topicId, 'forum.topic_not_found'), actor, page, pageSize);
  }

  /** Who favourited the topic: its author and staff only. */
  @Get('topics/:topicId/favouriters')
  @ApiOkBody(reactorPage)
  favouriters(
    @Param('topicId') topicId: string,
    @ValidQuery(pagingQuery) { page, pageSize }: PagingQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ReactorRow>> {
    return this.reader.reactors('topicFavouriters', routeId(topicId, 'forum.topic_not_found'), actor, page, pageSize);
  }
}

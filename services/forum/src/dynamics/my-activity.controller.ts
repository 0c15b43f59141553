import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Actor, Page } from '@forum/contracts';
import { ApiOkBody, CurrentActor, Public, routeId, ValidQuery } from '@forum/platform';
import { DomainError } from '@forum/event-store';
import { myContentPage } from '../comments/comment.schemas';
import { pagingQuery } from '../shared/forum.schemas';
import type { MyContentRow } from '../comments/comment.schemas';
import type { PagingQuery } from '../shared/forum.schemas';
import { CommentsReader } from '../comments/comments.reader';
import { myFavouritePage, myLikePage } from '../reactions/reaction.schemas';
import type { MyFavouriteRow, MyLikeRow } from '../reactions/reaction.schemas';
import { ReactionsReader } from '../reactions/reaction.reader';
import { DynamicsPage, dynamicsPage, DynamicsReader } from './dynamics.reader';

function me(actor: Actor): string {
  if (!actor.id) throw new DomainError('auth.unauthorized');
  return actor.id;
}

/** The member's control-panel lists (my comments, replies, likes, favourites, dynamics) and others' dynamics. */
@ApiTags('forum')
@Controller('forum')
export class MyActivityController {
  constructor(
    private readonly comments: CommentsReader,
    private readonly reactions: ReactionsReader,
    private readonly dynamics: DynamicsReader,
  ) {}

  @Get('me/comments')
  @ApiOkBody(myContentPage)
  myComments(@CurrentActor() actor: Actor, @ValidQuery(pagingQuery) q: PagingQuery): Promise<Page<MyContentRow>> {
    return this.comments.myComments(me(actor), q.page, q.pageSize);
  }

  @Get('me/replies')
  @ApiOkBody(myContentPage)
  myReplies(@CurrentActor() actor: Actor, @ValidQuery(pagingQuery) q: PagingQuery): Promise<Page<MyContentRow>> {
    return this.comments.myReplies(me(actor), q.page, q.pageSize);
  }

  @Get('me/likes')
  @ApiOkBody(myLikePage)
  myLikes(@CurrentActor() actor: Actor, @ValidQuery(pagingQuery) q: PagingQuery): Promise<Page<MyLikeRow>> {
    return this.reactions.myLikes(me(actor), q.page, q.pageSize);
  }

  @Get('me/favourites')
  @ApiOkBody(myFavouritePage)
  myFavourites(@CurrentActor() actor: Actor, @ValidQuery(pagingQuery) q: PagingQuery): Promise<Page<MyFavouriteRow>> {
    return this.reactions.myFavourites(me(actor), q.page, q.pageSize);
  }

  @Get('me/dynamics')
  @ApiOkBody(dynamicsPage)
  myDynamics(@CurrentActor() actor: Actor, @ValidQuery(pagingQuery) q: PagingQuery): Promise<DynamicsPage> {
    const memberId = me(actor);
    return this.dynamics.dynamics(memberId, actor, q.page, q.pageSize);
  }

  /** Another member's dynamics: empty with `shown: false` when they keep them private. */
  @Public()
  @Get('members/:memberId/dynamics')
  @ApiOkBody(dynamicsPage)
  memberDynamics(
    @Param('memberId') memberId: string,
    @CurrentActor() actor: Actor,
    @ValidQuery(pagingQuery) q: PagingQuery,
  ): Promise<DynamicsPage> {
    return this.dynamics.dynamics(routeId(memberId, 'common.not_found'), actor, q.page, q.pageSize);
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { streamId } from '@forum/contracts';
import type { CommandMetadata, LikeTargetKind } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { COMMENTS_PROJECTION } from '../comments/comments.projection';
import { ForumPermissions } from '../shared/forum-permissions';
import { ForumTargets } from '../shared/forum-targets';
import { allVisible } from '../shared/read-your-writes';
import { COUNTER_READERS, TopicCounters } from '../shared/counters';
import { favouriteDecider, likeDecider, likeStreamKey, ReactionTarget } from './like.decider';
import { REACTIONS_PROJECTION } from './reactions.projection';
import { currentCounts } from './reaction.reader';

export interface LikeState {
  liked: boolean;
  likeCount: number;
  visible: boolean;
}

export interface FavouriteState {
  favourited: boolean;
  favoriteCount: number;
  visible: boolean;
}

export class ToggleLikeCommand extends Command<LikeState> {
  constructor(
    readonly kind: LikeTargetKind,
    readonly targetId: string,
    readonly like: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ToggleFavouriteCommand extends Command<FavouriteState> {
  constructor(
    readonly topicId: string,
    readonly favourite: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/**
 * PUT likes, DELETE unlikes: each is idempotent on the member's own stream for the target, so any mix of
 * parallel requests from one member ends in one consistent state, and the count moves only on a real change.
 * Unliking needs no live target (a deleted comment can still be unliked): the stream remembers its target.
 */
@CommandHandler(ToggleLikeCommand)
export class ToggleLikeHandler implements ICommandHandler<ToggleLikeCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: ForumTargets,
    private readonly permissions: ForumPermissions,
    private readonly counters: TopicCounters,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ kind, targetId, like, meta }: ToggleLikeCommand): Promise<LikeState> {
    const member = requireMember(meta.actor);
    const target = like ? await this.resolve(kind, targetId, meta) : null;
    const result = await this.store.handle(
      likeDecider,
      streamId('like', likeStreamKey(kind, targetId, member.id)),
      { type: like ? 'Add' : 'Remove', target, memberId: member.id, now: meta.now },
      meta,
    );
    const changed = result.events[0];
    const counted = changed ? await this.counters.count(changed) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: REACTIONS_PROJECTION, result },
      ...(kind === 'topic' ? COUNTER_READERS : [COMMENTS_PROJECTION]).map((projection) => ({
        projection,
        result: counted,
      })),
    ]);
    const countedData = counted?.events[0]?.data as { likeCount?: number } | undefined;
    const likeCount = countedData?.likeCount ?? (await currentCounts(this.db, kind, targetId)).likeCount;
    return { liked: like, likeCount, visible };
  }

  private async resolve(kind: LikeTargetKind, targetId: string, meta: CommandMetadata): Promise<ReactionTarget> {
    if (kind === 'topic') {
      const topic = await this.targets.topic(targetId);
      await this.permissions.require(meta.actor, 'like', topic.tagIds, meta.now);
      return { kind, id: targetId, topicId: targetId, authorId: topic.authorId };
    }
    const owner = kind === 'comment' ? await this.targets.comment(targetId) : await this.targets.reply(targetId);
    const topic = await this.targets.topic(owner.topicId);
    await this.permissions.require(meta.actor, 'like', topic.tagIds, meta.now);
    return { kind, id: targetId, topicId: owner.topicId, authorId: owner.authorId };
  }
}

@CommandHandler(ToggleFavouriteCommand)
export class ToggleFavouriteHandler implements ICommandHandler<ToggleFavouriteCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: ForumTargets,
    private readonly permissions: ForumPermissions,
    private readonly counters: TopicCounters,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ topicId, favourite, meta }: ToggleFavouriteCommand): Promise<FavouriteState> {
    const member = requireMember(meta.actor);
    let target: { topicId: string; authorId: string } | null = null;
    if (favourite) {
      const topic = await this.targets.topic(topicId);
      await this.permissions.require(meta.actor, 'favorite', topic.tagIds, meta.now);
      target = { topicId, authorId: topic.authorId };
    }
    const result = await this.store.handle(
      favouriteDecider,
      streamId('favourite', `topic.${topicId}.${member.id}`),
      { type: favourite ? 'Add' : 'Remove', target, memberId: member.id, now: meta.now },
      meta,
    );
    const changed = result.events[0];
    const counted = changed ? await this.counters.count(changed) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: REACTIONS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    const countedData = counted?.events[0]?.data as { favoriteCount?: number } | undefined;
    const favoriteCount = countedData?.favoriteCount ?? (await currentCounts(this.db, 'topic', topicId)).favoriteCount;
    return { favourited: favourite, favoriteCount, visible };
  }
}

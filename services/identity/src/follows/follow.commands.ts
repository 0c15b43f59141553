import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { followsProjection } from '../projections/follows.projection';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { followDecider, followStream } from './follow.decider';

export class ToggleFollowCommand extends Command<void> {
  constructor(
    readonly followerId: string,
    readonly followeeId: string,
    readonly follow: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Member ids are UUIDs; anything else (a `|`, a path) names no member and must not reach a stream id. */
export const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isCancelled = (member: MemberDocument) => member.cancelled === true || member.state === 'cancelled';

/**
 * Follow and unfollow: the pair's own stream decides (idempotent, races serialised by its version). Following
 * needs a live account on both sides; unfollowing is always allowed, even of a cancelled account.
 */
@CommandHandler(ToggleFollowCommand)
export class ToggleFollowHandler implements ICommandHandler<ToggleFollowCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ followerId, followeeId, follow, meta }: ToggleFollowCommand): Promise<void> {
    if (followerId === followeeId) throw new DomainError('identity.cannot_follow_self');
    if (!MEMBER_ID.test(followeeId)) throw new DomainError('identity.member_not_found');
    if (follow) {
      const members = this.db.collection<MemberDocument>(MEMBERS);
      const [follower, followee] = await Promise.all([
        members.findOne({ _id: followerId }),
        members.findOne({ _id: followeeId }),
      ]);
      if (!followee) throw new DomainError('identity.member_not_found');
      if (isCancelled(followee)) throw new DomainError('identity.cannot_follow_cancelled');
      if (follower && isCancelled(follower)) throw new DomainError('identity.account_cancelled');
    }
    const result = await this.store.handle(
      followDecider,
      followStream(followerId, followeeId),
      { type: follow ? 'Follow' : 'Unfollow', followerId, followeeId, now: meta.now },
      meta,
    );
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        followsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    }
  }
}

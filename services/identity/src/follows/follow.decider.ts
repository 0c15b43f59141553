import { streamId } from '@forum/contracts';
import type { FollowEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per (follower, followee) pair: a follow is a fact about the pair, so toggles need no other lock. */
export function followStream(followerId: string, followeeId: string): string {
  return streamId('follow', `${followerId}_${followeeId}`);
}

export interface FollowState {
  /** When the current follow began; null when not following. */
  followedAt: string | null;
}

export type FollowCommand =
  | { type: 'Follow'; followerId: string; followeeId: string; now: Date }
  | { type: 'Unfollow'; followerId: string; followeeId: string; now: Date };

/** Following twice or unfollowing what is not followed changes nothing: PUT and DELETE are idempotent. */
export const followDecider: Decider<FollowState, FollowCommand, FollowEvent> = {
  name: 'follow',
  initialState: () => ({ followedAt: null }),
  evolve: (_state, event) => ({ followedAt: event.type === 'MemberFollowed' ? event.data.at : null }),
  decide(command, state) {
    const { followerId, followeeId } = command;
    if (followerId === followeeId) throw new DomainError('identity.cannot_follow_self');
    const at = command.now.toISOString();
    switch (command.type) {
      case 'Follow':
        return state.followedAt ? [] : [{ type: 'MemberFollowed', data: { followerId, followeeId, at } }];
      case 'Unfollow':
        return state.followedAt
          ? [{ type: 'MemberUnfollowed', data: { followerId, followeeId, followedAt: state.followedAt, at } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

import type { FavouriteEvent, LikeEvent, LikeTargetKind } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

/** The target as the handler found it in its stream: where it belongs and who wrote it. */
export interface ReactionTarget {
  kind: LikeTargetKind;
  id: string;
  topicId: string;
  authorId: string;
}

export interface ToggleCommand<TTarget> {
  type: 'Add' | 'Remove';
  /** Null only for Remove when the target is gone (deleted): the stream remembers what it was. */
  target: TTarget | null;
  memberId: string;
  now: Date;
}

/**
 * One member's like of one target. Both commands are idempotent: liking twice or unliking what is not liked
 * decides nothing, so parallel or repeated requests cannot count twice (the stream serialises them).
 */
export const likeDecider: Decider<
  { liked: boolean; target: ReactionTarget | null },
  ToggleCommand<ReactionTarget>,
  LikeEvent
> = {
  name: 'like',
  initialState: () => ({ liked: false, target: null }),
  evolve: (_state, { type, data }) => ({
    liked: type === 'ContentLiked',
    target: { kind: data.targetKind, id: data.targetId, topicId: data.topicId, authorId: data.targetAuthorId },
  }),
  decide(command, state) {
    const wanted = command.type === 'Add';
    const target = command.target ?? state.target;
    if (state.liked === wanted || !target) return [];
    const data = {
      targetKind: target.kind,
      targetId: target.id,
      topicId: target.topicId,
      memberId: command.memberId,
      targetAuthorId: target.authorId,
      at: command.now.toISOString(),
    };
    return [wanted ? { type: 'ContentLiked', data } : { type: 'ContentUnliked', data }];
  },
};

export interface FavouriteTarget {
  topicId: string;
  authorId: string;
}

export const favouriteDecider: Decider<
  { favourited: boolean; target: FavouriteTarget | null },
  ToggleCommand<FavouriteTarget>,
  FavouriteEvent
> = {
  name: 'favourite',
  initialState: () => ({ favourited: false, target: null }),
  evolve: (_state, { type, data }) => ({
    favourited: type === 'TopicFavourited',
    target: { topicId: data.topicId, authorId: data.topicAuthorId },
  }),
  decide(command, state) {
    const wanted = command.type === 'Add';
    const target = command.target ?? state.target;
    if (state.favourited === wanted || !target) return [];
    const data = {
      topicId: target.topicId,
      memberId: command.memberId,
      topicAuthorId: target.authorId,
      at: command.now.toISOString(),
    };
    return [wanted ? { type: 'TopicFavourited', data } : { type: 'TopicUnfavourited', data }];
  },
};

/** `like-topic.<topicId>.<memberId>`: one stream per member and target, so toggles by one member serialise. */
export function likeStreamKey(kind: LikeTargetKind, targetId: string, memberId: string): string {
  return `${kind}.${targetId}.${memberId}`;
}

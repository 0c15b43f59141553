import type {
  CommentEvent,
  CounterEvent,
  EventEnvelope,
  FavouriteEvent,
  LikeEvent,
  ReplyEvent,
} from '@forum/contracts';
import type { Decider } from '@forum/event-store';

/** Events that move a topic's counters (only the types that do; edits move nothing). */
export type CountedEvent = CommentEvent | ReplyEvent | LikeEvent | FavouriteEvent;

export interface TopicCountersState {
  commentCount: number;
  replyCount: number;
  likeCount: number;
  favoriteCount: number;
  lastReplyAt: string | null;
  /** Per comment: its live replies and whether it is deleted (a deleted comment's replies leave replyCount). */
  comments: Record<string, { replies: number; deleted: boolean }>;
}

export interface CountEvent {
  type: 'Count';
  topicId: string;
  source: Pick<EventEnvelope, 'id'> & CountedEvent;
}

type Changed = Extract<CounterEvent, { type: 'TopicCountersChanged' }>;

const later = (a: string | null, b: string): string => (a && a > b ? a : b);

/**
 * Turns one source event into the topic's new ABSOLUTE counters. Deltas are applied here, in one stream,
 * once per source event (the reactor uses the source event id as the idempotency key); every read model
 * just `$set`s the result. Arrival order across Kafka topics does not matter: a reply counted before its
 * comment's CommentPosted arrived still belongs to that comment, and a comment's deletion removes exactly
 * the replies counted under it so far — later reply events of a deleted comment change only its tally.
 */
export const topicCountersDecider: Decider<TopicCountersState, CountEvent, Changed> = {
  name: 'topicCounters',
  initialState: () => ({
    commentCount: 0,
    replyCount: 0,
    likeCount: 0,
    favoriteCount: 0,
    lastReplyAt: null,
    comments: {},
  }),
  evolve(state, { data }) {
    const comments = data.comment
      ? {
          ...state.comments,
          [data.comment.commentId]: { replies: data.comment.replies, deleted: data.comment.deleted },
        }
      : state.comments;
    return {
      commentCount: data.commentCount,
      replyCount: data.replyCount,
      likeCount: data.likeCount,
      favoriteCount: data.favoriteCount,
      lastReplyAt: data.lastReplyAt,
      comments,
    };
  },
  decide({ topicId, source }, state) {
    const next = {
      commentCount: state.commentCount,
      replyCount: state.replyCount,
      likeCount: state.likeCount,
      favoriteCount: state.favoriteCount,
      lastReplyAt: state.lastReplyAt,
    };
    let comment: Changed['data']['comment'] = null;
    const tally = (commentId: string) => state.comments[commentId] ?? { replies: 0, deleted: false };
    switch (source.type) {
      case 'CommentPosted': {
        const current = tally(source.data.commentId);
        if (!current.deleted) next.commentCount += 1;
        next.lastReplyAt = later(next.lastReplyAt, source.data.postedAt);
        comment = { commentId: source.data.commentId, ...current };
        break;
      }
      case 'CommentDeleted': {
        const current = tally(source.data.commentId);
        if (current.deleted) return [];
        next.commentCount -= 1;
        next.replyCount -= current.replies;
        comment = { commentId: source.data.commentId, replies: current.replies, deleted: true };
        break;
      }
      case 'CommentRestored': {
        // Counted again exactly once: only a comment this stream saw deleted comes back, with its replies.
        const current = tally(source.data.commentId);
        if (!current.deleted) return [];
        next.commentCount += 1;
        next.replyCount += current.replies;
        comment = { commentId: source.data.commentId, replies: current.replies, deleted: false };
        break;
      }
      case 'ReplyPosted':
      case 'ReplyRestored':
      case 'ReplyDeleted': {
        const current = tally(source.data.commentId);
        const step = source.type === 'ReplyDeleted' ? -1 : 1;
        if (!current.deleted) next.replyCount += step;
        if (source.type === 'ReplyPosted') next.lastReplyAt = later(next.lastReplyAt, source.data.postedAt);
        comment = { commentId: source.data.commentId, replies: current.replies + step, deleted: current.deleted };
        break;
      }
      case 'ContentLiked':
      case 'ContentUnliked':
        if (source.data.targetKind !== 'topic') return [];
        next.likeCount += source.type === 'ContentLiked' ? 1 : -1;
        break;
      case 'TopicFavourited':
      case 'TopicUnfavourited':
        next.favoriteCount += source.type === 'TopicFavourited' ? 1 : -1;
        break;
      default:
        return [];
    }
    return [{ type: 'TopicCountersChanged', data: { topicId, ...next, sourceEventId: source.id, comment } }];
  },
};

type LikeCountChangedEvent = Extract<CounterEvent, { type: 'LikeCountChanged' }>;

export interface CountLike {
  type: 'Count';
  source: Pick<EventEnvelope, 'id'> & LikeEvent;
}

/** A comment's or reply's like count, the same way: absolute values from one stream per target. */
export const likeCounterDecider: Decider<{ likeCount: number }, CountLike, LikeCountChangedEvent> = {
  name: 'likeCounter',
  initialState: () => ({ likeCount: 0 }),
  evolve: (_state, event) => ({ likeCount: event.data.likeCount }),
  decide({ source }, state) {
    const { targetKind, targetId, topicId } = source.data;
    const likeCount = state.likeCount + (source.type === 'ContentLiked' ? 1 : -1);
    return [{ type: 'LikeCountChanged', data: { targetKind, targetId, topicId, likeCount, sourceEventId: source.id } }];
  },
};

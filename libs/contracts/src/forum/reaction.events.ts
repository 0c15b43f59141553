import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';
import { LIKE_TARGET_KINDS } from './reaction.views';

const LIKE = { context: 'forum', aggregate: 'like' } as const;
const FAVOURITE = { context: 'forum', aggregate: 'favourite' } as const;

const likeFields = {
  targetKind: z.enum(LIKE_TARGET_KINDS),
  targetId: z.string(),
  /** The topic the target belongs to (the target itself for a topic): counters and lists key on it. */
  topicId: z.string(),
  memberId: z.string(),
  /** Who wrote the liked content: "who liked my topic" and the reminder go to them. */
  targetAuthorId: z.string(),
  at: z.string(),
};

/** One member's like of one target: stream `like-<targetKind>.<targetId>.<memberId>`, toggling. */
export const ContentLiked = defineEvent({ ...LIKE, type: 'ContentLiked', schema: z.object(likeFields) });
export const ContentUnliked = defineEvent({ ...LIKE, type: 'ContentUnliked', schema: z.object(likeFields) });

export type LikeEvent = EventOf<typeof ContentLiked> | EventOf<typeof ContentUnliked>;

const favouriteFields = { topicId: z.string(), memberId: z.string(), topicAuthorId: z.string(), at: z.string() };

/** One member's favourite of one topic: stream `favourite-topic.<topicId>.<memberId>`, toggling. */
export const TopicFavourited = defineEvent({
  ...FAVOURITE,
  type: 'TopicFavourited',
  schema: z.object(favouriteFields),
});
export const TopicUnfavourited = defineEvent({
  ...FAVOURITE,
  type: 'TopicUnfavourited',
  schema: z.object(favouriteFields),
});

export type FavouriteEvent = EventOf<typeof TopicFavourited> | EventOf<typeof TopicUnfavourited>;

/**
 * A topic's counters as ABSOLUTE values (stream `topicCounters-<topicId>`), appended by the counter reactor
 * once per source event (its id is the idempotency key). Read models `$set` them: no read model ever adds.
 * `comment` carries the absolute state of the comment the change concerned (its live replies and whether it
 * is deleted), so a comment's deletion can take its replies out of `replyCount` exactly once.
 */
export const TopicCountersChanged = defineEvent({
  context: 'forum',
  aggregate: 'topicCounters',
  type: 'TopicCountersChanged',
  schema: z.object({
    topicId: z.string(),
    commentCount: z.number().int(),
    replyCount: z.number().int(),
    likeCount: z.number().int(),
    favoriteCount: z.number().int(),
    lastReplyAt: z.string().nullable(),
    sourceEventId: z.string(),
    comment: z.object({ commentId: z.string(), replies: z.number().int(), deleted: z.boolean() }).nullable(),
  }),
});

/** A comment's or reply's like count as an absolute value (stream `likeCounter-<kind>.<targetId>`), like above. */
export const LikeCountChanged = defineEvent({
  context: 'forum',
  aggregate: 'likeCounter',
  type: 'LikeCountChanged',
  schema: z.object({
    targetKind: z.enum(LIKE_TARGET_KINDS),
    targetId: z.string(),
    topicId: z.string(),
    likeCount: z.number().int(),
    sourceEventId: z.string(),
  }),
});

export type CounterEvent = EventOf<typeof TopicCountersChanged> | EventOf<typeof LikeCountChanged>;

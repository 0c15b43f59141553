import { z } from 'zod';
import { pageSchema } from '../page';

/**
 * The forum's public read views of topics (`/api/forum/topics/...`). The schemas document the answers in the
 * OpenAPI document; the apps import the inferred types only (`import type`), never the schemas.
 */

/** A topic's author as the lists show it (whether the author is staff is the topic's own `isStaff`). */
export const authorView = z.object({
  memberId: z.string(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** "This user account has been cancelled": no name, no avatar. */
  cancelled: z.boolean(),
});
export type TopicAuthorView = z.infer<typeof authorView>;

const counts = {
  commentCount: z.number().int(),
  replyCount: z.number().int(),
  likeCount: z.number().int(),
  favoriteCount: z.number().int(),
  readCount: z.number().int(),
  unlockCount: z.number().int(),
};

export const topicRow = z.object({
  topicId: z.string(),
  title: z.string(),
  /** Plain text, never containing hidden content. */
  summary: z.string(),
  tagIds: z.array(z.string()),
  tags: z.array(z.object({ tagId: z.string(), name: z.string() })),
  authorId: z.string(),
  author: authorView,
  isStaff: z.boolean(),
  postedAt: z.string(),
  lastReplyAt: z.string().nullable(),
  pinned: z.boolean(),
  pinWeight: z.number().int(),
  /** Only staff lists show deleted topics. */
  deleted: z.boolean(),
  essence: z.boolean(),
  ...counts,
  /** `{type: unlockedByMe}` for each hidden type the topic holds. */
  hideTagTypeMap: z.record(z.string(), z.boolean()),
  /** The topic's red envelope (`GET /api/wallet/envelopes/:id`), if it was sent with one. */
  redEnvelopeId: z.string().nullable(),
  /** Kept for compatibility with the first slice. */
  viewCount: z.number().int(),
});
export type TopicRow = z.infer<typeof topicRow>;
export const topicPage = pageSchema(topicRow);

export const hiddenBlockView = z.object({
  /** The block's position in the content now (display only). */
  index: z.number().int(),
  /** The block's stable id (ADR 0025): what unlocks name, the same across the author's edits. */
  id: z.string(),
  type: z.number().int(),
  unlocked: z.boolean(),
  /** Type 30: the grade's name; 40: price in points; 50: price in fen; otherwise null. */
  requirement: z.string().nullable(),
  /** Type 30: the points a reader needs (the grade's name alone tells a member nothing to compare); otherwise null. */
  needPoints: z.number().int().nullable(),
});
export type HiddenBlockView = z.infer<typeof hiddenBlockView>;

export const topicDetail = topicRow.extend({
  /** Sanitized HTML; locked blocks are `<hide type index></hide>` with nothing inside. */
  content: z.string(),
  ipLocation: z.string().nullable(),
  editedAt: z.string().nullable(),
  hiddenBlocks: z.array(hiddenBlockView),
  topicDetailPermission: z.boolean(),
  canEdit: z.boolean(),
  likedByMe: z.boolean(),
  favouritedByMe: z.boolean(),
});
export type TopicDetail = z.infer<typeof topicDetail>;

export const postedTopic = z.object({
  topicId: z.string(),
  version: z.number().int(),
  /** False when the lists had not caught up within the read-your-writes wait. */
  visible: z.boolean(),
  /** True when the topic waits in the review queue (ADR 0014): only its author and staff see it until approved. */
  pending: z.boolean().optional(),
});
export type PostedTopic = z.infer<typeof postedTopic>;

export const unlockResult = z.object({
  type: z.number().int(),
  /** The blocks now open, as HTML, so the page reveals them without reloading. */
  blocks: z.array(z.object({ index: z.number().int(), html: z.string() })),
  /** Points (type 40) or fen (type 50) paid; null for a password. */
  pricePaid: z.number().int().nullable(),
  visible: z.boolean(),
});
export type UnlockResult = z.infer<typeof unlockResult>;

export const unlockRecordView = z.object({
  topicId: z.string(),
  topicTitle: z.string(),
  member: authorView,
  type: z.number().int(),
  pricePaid: z.number().int().nullable(),
  at: z.string(),
});
export type UnlockRecordView = z.infer<typeof unlockRecordView>;
export const unlockRecordPage = pageSchema(unlockRecordView);

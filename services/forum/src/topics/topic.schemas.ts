import { z } from 'zod';
import { pageSchema } from '@forum/contracts';
import { contentFormat, listOf, wholeNumber, withHtmlContent } from '@forum/platform';

export const TITLE_MAX = 150;
export const CONTENT_MAX = 100_000;

const tagIds = listOf(z.string().min(1).max(64)).pipe(z.array(z.string()).min(1).max(10));

/**
 * A red envelope sent with the topic (docs/rules/wallet.md, red envelopes). Only its shape is checked here: the wallet decides the rest
 * (amounts in yuan text, counts, bounds, balance) and refuses with `wallet.envelope_*` codes.
 */
const redEnvelopeInput = z.strictObject({
  type: wholeNumber(),
  totalAmount: z.union([z.string().max(40), z.number()]).optional(),
  singleAmount: z.union([z.string().max(40), z.number()]).optional(),
  giveQuantity: wholeNumber(),
  recipientId: z.string().max(64).optional(),
});

/** `content` is HTML, or Markdown with `format: 'markdown'` (ADR 0033): the commands always receive HTML. */
const topicFields = {
  title: z.string().trim().min(1).max(TITLE_MAX),
  content: z.string().min(1).max(CONTENT_MAX),
  format: contentFormat,
  tagIds,
};

export const postTopicBody = z
  .strictObject({ ...topicFields, redEnvelope: redEnvelopeInput.optional() })
  .transform(withHtmlContent);
export type PostTopicBody = z.infer<typeof postTopicBody>;

export const editTopicBody = z.strictObject(topicFields).transform(withHtmlContent);
export type EditTopicBody = z.infer<typeof editTopicBody>;

export const pinBody = z.strictObject({ weight: wholeNumber().pipe(z.number().int().min(0).max(1_000_000)) });
export const essenceBody = z.strictObject({ essence: z.boolean() });

export const topicListQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
  tagId: z.string().min(1).max(64).optional(),
  filter: z.enum(['all', 'essence', 'hot']).default('all'),
});
export type TopicListQuery = z.infer<typeof topicListQuery>;

export const pagingQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const staffTopicsQuery = pagingQuery.extend({
  status: z.enum(['all', 'live', 'deleted']).default('all'),
  authorId: z.string().min(1).max(64).optional(),
});
export type StaffTopicsQuery = z.infer<typeof staffTopicsQuery>;

export const authorView = z.object({
  memberId: z.string(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** "This user account has been cancelled": no name, no avatar. */
  cancelled: z.boolean(),
});

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

/**
 * Type 10 opens with its password; 40 (points) and 50 (fen) with the price the member confirmed, which must be
 * the price now asked (the sum of the type's blocks). A form may send the numbers as text ("10").
 */
export const unlockBody = z
  .strictObject({
    type: wholeNumber().pipe(z.union([z.literal(10), z.literal(40), z.literal(50)])),
    password: z.string().min(1).max(100).optional(),
    price: wholeNumber().pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).optional(),
  })
  .superRefine((body, ctx) => {
    const needed = body.type === 10 ? 'password' : 'price';
    if (body[needed] === undefined)
      ctx.addIssue({ code: 'custom', path: [needed], params: { code: 'validation.required' } });
  });
export type UnlockBody = z.infer<typeof unlockBody>;

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

export const topicStats = z.object({ topicsToday: z.number().int(), topicsTotal: z.number().int() });
export type TopicStats = z.infer<typeof topicStats>;

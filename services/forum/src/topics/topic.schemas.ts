import { z } from 'zod';
import { contentFormat, listOf, wholeNumber, withHtmlContent } from '@forum/platform';

/** The answers' shapes are the public read views in `@forum/contracts` (ADR 0047). */
export { postedTopic, topicDetail, topicPage, topicRow, unlockRecordPage, unlockResult } from '@forum/contracts';
export type { PostedTopic, TopicDetail, TopicRow, UnlockRecordView, UnlockResult } from '@forum/contracts';

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

export const topicStats = z.object({ topicsToday: z.number().int(), topicsTotal: z.number().int() });
export type TopicStats = z.infer<typeof topicStats>;

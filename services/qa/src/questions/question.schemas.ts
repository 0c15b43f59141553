import { z } from 'zod';
import { contentFormat, singleLine, wholeNumber, withHtmlContent } from '@forum/platform';
import { yuanAmount } from '@forum/contracts';

const title = singleLine(z.string().trim().min(1).max(90));
const content = z.string().max(200_000);
const tagIds = z.array(z.string().min(1).max(64)).max(10);
/** A bounty may be "0" (none) or a yuan amount; sent as yuan text, kept as integer fen. */
const bountyYuan = z
  .union([z.literal('0'), z.literal(0)])
  .transform(() => 0)
  .or(yuanAmount());
const points = wholeNumber().pipe(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

// `content` is HTML, or Markdown with `format: 'markdown'` (ADR 0033): the commands always receive HTML.
export const askBody = z
  .strictObject({
    title,
    content,
    format: contentFormat,
    tagIds,
    bountyAmount: bountyYuan.default(0),
    bountyPoints: points.default(0),
  })
  .transform(withHtmlContent);
export type AskBody = z.infer<typeof askBody>;

export const editQuestionBody = z
  .strictObject({ title, content, format: contentFormat, tagIds })
  .transform(withHtmlContent);
export type EditQuestionBody = z.infer<typeof editQuestionBody>;

/** The fields of an answer, a reply or an addendum; `contentBody` is what its routes validate. */
export const contentFields = z.strictObject({ content, format: contentFormat });
export const contentBody = contentFields.transform(withHtmlContent);
export type ContentBody = z.infer<typeof contentBody>;

export const adoptBody = z.strictObject({ answerId: z.string().min(1).max(64) });

export const adjustBountyBody = z.strictObject({
  amount: bountyYuan,
  points,
  reason: z.string().trim().min(1).max(200),
});
export type AdjustBountyBody = z.infer<typeof adjustBountyBody>;

export const QUESTION_FILTERS = ['all', 'latest', 'unresolved', 'resolved', 'pointsReward', 'cashReward'] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

export const pagingQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const questionListQuery = pagingQuery.extend({
  filter: z.enum(QUESTION_FILTERS).default('all'),
  tagId: z.string().min(1).max(64).optional(),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

export const staffQuestionsQuery = pagingQuery.extend({
  filter: z.enum(QUESTION_FILTERS).default('all'),
  deleted: z.enum(['true', 'false']).optional(),
});
export type StaffQuestionsQuery = z.infer<typeof staffQuestionsQuery>;

import { z } from 'zod';
import { pageSchema } from '@forum/contracts';
import { listOf, wholeNumber } from '@forum/platform';

export const TITLE_MAX = 150;
export const CONTENT_MAX = 100_000;

export const postTopicBody = z.strictObject({
  title: z.string().trim().min(1).max(TITLE_MAX),
  content: z.string().min(1).max(CONTENT_MAX),
  tagIds: listOf(z.string().min(1).max(64)).pipe(z.array(z.string()).max(10)).default([]),
});
export type PostTopicBody = z.infer<typeof postTopicBody>;

export const topicListQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(10_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type TopicListQuery = z.infer<typeof topicListQuery>;

export const topicRow = z.object({
  topicId: z.string(),
  title: z.string(),
  summary: z.string(),
  tagIds: z.array(z.string()),
  authorId: z.string(),
  postedAt: z.string(),
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
});
export type TopicRow = z.infer<typeof topicRow>;

export const topicPage = pageSchema(topicRow);

export const postedTopic = z.object({
  topicId: z.string(),
  version: z.number().int(),
  /** False when the list had not caught up within the read-your-writes wait. */
  visible: z.boolean(),
});
export type PostedTopic = z.infer<typeof postedTopic>;

export const topicStats = z.object({ topicsToday: z.number().int(), topicsTotal: z.number().int() });
export type TopicStats = z.infer<typeof topicStats>;

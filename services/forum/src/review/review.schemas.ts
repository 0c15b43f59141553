import { z } from 'zod';
import { reviewKinds } from '@forum/contracts';
import { wholeNumber } from '@forum/platform';

export const reviewQuery = z.strictObject({
  kind: z.enum(reviewKinds),
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

export const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** A held item as staff and its author see it (the content is already sanitized). */
export const reviewRow = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  authorId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Always true while pending: the member site shows "pending review". */
  pending: z.boolean(),
  title: z.string().nullable(),
  contentHtml: z.string(),
  topicId: z.string().nullable(),
  commentId: z.string().nullable(),
  submittedAt: z.string(),
  reason: z.string().nullable(),
});
export type ReviewRow = z.infer<typeof reviewRow>;

export const reviewPage = z.object({
  items: z.array(reviewRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const reviewDecision = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  status: z.enum(['approved', 'rejected']),
  visible: z.boolean(),
});

import { z } from 'zod';
import { singleLine, wholeNumber } from '@forum/platform';

export const createTagBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)),
  parentId: z.string().min(1).max(64).nullable().default(null),
  sort: wholeNumber().pipe(z.number().int().min(-100_000).max(100_000)).default(0),
});
export type CreateTagBody = z.infer<typeof createTagBody>;

export const changeTagBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)).optional(),
  parentId: z.string().min(1).max(64).nullable().optional(),
  sort: wholeNumber().pipe(z.number().int().min(-100_000).max(100_000)).optional(),
});
export type ChangeTagBody = z.infer<typeof changeTagBody>;

export interface TagTreeNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  /** Topics are posted in leaf tags only. */
  leaf: boolean;
  children: TagTreeNode[];
}

/** One level of the tree as documented in OpenAPI (children have the same shape). */
export const tagTreeNodeSchema = z.object({
  tagId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  sort: z.number().int(),
  leaf: z.boolean(),
  children: z.array(z.object({}).passthrough()),
});
export const tagTree = z.object({ items: z.array(tagTreeNodeSchema) });
export const tagWritten = z.object({ tagId: z.string(), visible: z.boolean() });
export type TagWritten = z.infer<typeof tagWritten>;

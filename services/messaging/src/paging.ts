import { z } from 'zod';
import { wholeNumber } from '@forum/platform';

export const pageQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(1000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

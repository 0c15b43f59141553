import { z } from 'zod';
import { wholeNumber } from '@forum/platform';

/** The console's list parameters: `page`, `pageSize`, `sort=<field>:<asc|desc>` and a JSON `filter`. */
export const paging = {
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(25),
};

/** A JSON object in one query parameter (react-admin's filter), validated by `schema`. */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A sort parameter over `fields` (`id` is the list's natural order, the first field). */
export function sortParam<const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: `${F[0]}:${'asc' | 'desc'}`,
) {
  return z
    .string()
    .regex(new RegExp(`^(id|${fields.join('|')}):(asc|desc)$`))
    .default(fallback)
    .transform((text) => {
      const [field, order] = text.split(':') as [string, 'asc' | 'desc'];
      return { field: (field === 'id' ? fields[0] : field) as F[number], order };
    });
}

export const isoTime = z.iso.datetime({ offset: true }).transform((text) => new Date(text).toISOString());

import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { definePeerCommand } from './peer-command';
import type { PeerCommand } from './peer-command';

type ContentRefSchema<K extends string> = z.ZodObject<{ kind: z.ZodEnum<{ [k in K]: k }>; contentId: z.ZodString }>;
export type ContentModerationCommand<K extends string> = PeerCommand<
  ContentRefSchema<K>,
  z.ZodObject<{ changed: z.ZodBoolean }>
>;

/**
 * `<context>.deleteContent` / `<context>.restoreContent` (ADR 0020): moderation acting on a content context's items.
 * Idempotent: `changed` is false when the item already was as asked.
 */
export function contentModerationCommands<K extends string>(
  context: string,
  kinds: readonly [K, ...K[]],
  notFound: readonly ErrorCode[],
): { delete: ContentModerationCommand<K>; restore: ContentModerationCommand<K> } {
  const input = z.object({
    kind: z.enum(kinds),
    contentId: z.string().min(1).max(64),
  }) as unknown as ContentRefSchema<K>;
  const answer = z.object({ changed: z.boolean() });
  const errors: ErrorCode[] = ['common.validation_failed', 'auth.forbidden', ...notFound];
  return {
    delete: definePeerCommand({ name: `${context}.deleteContent`, input, answer, errors }),
    restore: definePeerCommand({ name: `${context}.restoreContent`, input, answer, errors }),
  };
}

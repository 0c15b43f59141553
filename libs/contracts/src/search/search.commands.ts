import { z } from 'zod';
import { definePeerCommand } from '../peers/peer-command';

/** The command search answers for the other contexts (ADR 0040). */

/**
 * `search.query`: the search as another context may ask it (the AI assistant's offline mode), with a visitor's
 * permissions only and plain-text snippets (never from a hidden block).
 */
export const searchQueryCommand = definePeerCommand({
  name: 'search.query',
  input: z.strictObject({
    q: z.string().trim().min(1).max(200),
    types: z
      .array(z.enum(['topic', 'question', 'help']))
      .max(3)
      .optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  answer: z.object({
    items: z.array(
      z.object({
        type: z.enum(['topic', 'question', 'help']),
        id: z.string(),
        title: z.string(),
        snippet: z.string(),
        /** The member site's address of the result. */
        url: z.string(),
      }),
    ),
  }),
  errors: ['common.validation_failed'],
});

import { z } from 'zod';
import { TITLE_MAX } from '../topics/topic.schemas';

/** At most this many drafts per member: saving one more drops the least recently saved (ADR 0031). */
export const DRAFTS_PER_MEMBER = 50;
export const DRAFT_EXCERPT = 120;

const EXTRA_KEYS = 10;
/** Plain names only: no `$` or `.`, which the database would read as operators or paths. */
const EXTRA_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * What an editor keeps besides its text (chosen tags, the quoted comment, a bounty typed in): a few flat values, so
 * a draft can never grow into a document store.
 */
const extraValue = z.union([
  z.string().max(200),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(64)).max(20),
]);
const extra = z
  .record(z.string().regex(EXTRA_KEY), extraValue)
  .refine((value) => Object.keys(value).length <= EXTRA_KEYS, {
    params: { code: 'validation.too_big', max: EXTRA_KEYS },
  });

/**
 * A draft as an editor saves it. `content` is checked against the limit of its kind by the store (the key says which
 * editor it is); a draft must hold something, a title or some content. Titles are not yet held to one line: a draft
 * is scratch, the post is checked when it is sent.
 */
export const saveDraftBody = z
  .strictObject({
    title: z.string().max(TITLE_MAX).optional(),
    content: z.string().max(200_000),
    format: z.enum(['html', 'markdown']).default('html'),
    extra: extra.optional(),
  })
  .refine((body) => body.content.trim() !== '' || (body.title ?? '').trim() !== '', {
    path: ['content'],
    params: { code: 'validation.required' },
  });
export type SaveDraftBody = z.infer<typeof saveDraftBody>;

export const draftView = z.object({
  key: z.string(),
  kind: z.string(),
  targetId: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  format: z.enum(['html', 'markdown']),
  extra: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type DraftView = z.infer<typeof draftView>;

/** A row of "my drafts": no content, an excerpt of it (and `extra`, which may say where the editor is). */
export const draftSummary = draftView.omit({ content: true }).extend({ excerpt: z.string() });
export type DraftSummary = z.infer<typeof draftSummary>;

export const draftList = z.object({ items: z.array(draftSummary), max: z.number() });

export const savedDraft = z.object({ key: z.string(), updatedAt: z.string() });
export type SavedDraft = z.infer<typeof savedDraft>;

import type { Db } from 'mongodb';
import { z } from 'zod';
import type { ErrorCode } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { authorViewOf, MEMBER_PROFILES } from '../members/member-profiles.projection';
import type { AuthorView, MemberProfileDocument } from '../members/member-profiles.projection';
import type { RevisionDocument, RevisionPart, StoredRevision } from './revision-history';

const author = z.object({
  memberId: z.string(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  cancelled: z.boolean(),
  isStaff: z.boolean(),
});
const part = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('hidden'), hideType: z.number(), locked: z.literal(true) }),
  z.object({ kind: z.literal('hidden'), hideType: z.number(), locked: z.literal(false), text: z.string() }),
]);

/** One revision as a reader receives it, oldest first (OpenAPI). */
export const revisionView = z.object({
  /** Stable id (the stream version that wrote it): what staff hide. */
  revision: z.number(),
  /** 1 for the original, then each edit. */
  number: z.number(),
  current: z.boolean(),
  at: z.string(),
  by: author,
  /** Hidden by staff: members get no title and no parts; content staff get both, marked hidden. */
  hiddenByStaff: z.boolean(),
  hiddenAt: z.string().nullable(),
  title: z.string().nullable(),
  parts: z.array(part).nullable(),
});
export const revisionList = z.object({ kind: z.string(), targetId: z.string(), items: z.array(revisionView) });
export type RevisionView = z.infer<typeof revisionView>;
export type RevisionList = z.infer<typeof revisionList>;

/**
 * Turns a history document into what one reader receives. `partsOf` redacts one stored revision for this reader
 * (the only place content leaves; hidden blocks as on the current page); `staff` (content staff) also read
 * revisions hidden by staff.
 */
export async function revisionViews(
  db: Db,
  doc: RevisionDocument,
  staff: boolean,
  partsOf: (stored: StoredRevision) => RevisionPart[],
): Promise<RevisionView[]> {
  const revisions = doc.revisions ?? [];
  const ids = [...new Set(revisions.map((stored) => stored.by))];
  const profiles = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .collection<MemberProfileDocument>(MEMBER_PROFILES)
            .find({ _id: { $in: ids } })
            .toArray()
        ).map((profile) => [profile._id, profile]),
  );
  const last = revisions.length - 1;
  return revisions.map((stored, index) => {
    const hidden = doc.hidden?.[String(stored.revision)] ?? null;
    const shown = !hidden || staff;
    const by: AuthorView = authorViewOf(stored.by, profiles.get(stored.by));
    return {
      revision: stored.revision,
      number: index + 1,
      current: index === last,
      at: stored.at,
      by,
      hiddenByStaff: hidden !== null,
      hiddenAt: hidden?.at ?? null,
      title: shown ? stored.title : null,
      parts: shown ? partsOf(stored) : null,
    };
  });
}

/** Staff's hide / show request and its answer. */
export const revisionVisibilityBody = z.strictObject({ hidden: z.boolean() });
export const revisionVisibilityWritten = z.object({
  kind: z.string(),
  targetId: z.string(),
  revision: z.number(),
  hidden: z.boolean(),
  /** Whether the history showed the change within the read-your-writes wait. */
  visible: z.boolean(),
});
export type RevisionVisibilityWritten = z.infer<typeof revisionVisibilityWritten>;

/** A revision id from the path (a stream version), or the context's "no such revision". */
export function revisionNumber(value: string, notFound: ErrorCode): number {
  const revision = /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(revision)) throw new DomainError(notFound);
  return revision;
}

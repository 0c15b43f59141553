import type { Db, Filter } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { CommandMetadata, Page, SiteSettings } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import type { SiteSettingsCache } from '../settings/site-settings.cache';

/**
 * One held item of a review queue (the forum's, ADR 0014, and the Q&A's, ADR 0024): `_id` is the id the content
 * has once approved; the payload is the context's own prepared content.
 */
export interface SubmissionQueueDocument<TKind extends string, TPayload> {
  _id: string;
  kind: TKind;
  authorId: string;
  status: 'pending' | 'approved' | 'rejected';
  payload: TPayload;
  submittedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}

/** A new submission's queue fields: pending, nothing decided yet. */
export function pendingSubmission<TPayload extends { kind: string }>(submitted: {
  authorId: string;
  payload: TPayload;
  submittedAt: string;
}) {
  const { authorId, payload, submittedAt } = submitted;
  return {
    kind: payload.kind,
    authorId,
    status: 'pending' as const,
    payload,
    submittedAt,
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
}

/** Whether a member's new item waits for review under the site's switch for its kind: staff's never do. */
export function heldForReview(
  settings: SiteSettingsCache,
  setting: keyof SiteSettings['review'],
  byStaff: boolean,
): boolean {
  return !byStaff && settings.current().review[setting];
}

/** The staff member deciding a held item: only staff approve or reject. */
export function reviewerOf(meta: CommandMetadata): string {
  const { id, kind } = meta.actor;
  if (!id || kind !== 'staff') throw new DomainError('auth.forbidden');
  return id;
}

export interface SubmissionQueueQuery<TKind extends string> {
  kind: TKind;
  page: number;
  pageSize: number;
}

/**
 * The staff queue (pending, oldest first) and an author's own held or rejected items (newest first), as the
 * context's rows. The queue filter is a scan on the Mongo stand-in (ADR 0014): queues are small.
 */
export class SubmissionQueueReader<TKind extends string, TPayload, TRow> {
  constructor(
    private readonly db: Db,
    private readonly collection: string,
    private readonly rowOf: (doc: SubmissionQueueDocument<TKind, TPayload>) => TRow,
  ) {}

  queue({ kind, page, pageSize }: SubmissionQueueQuery<TKind>): Promise<Page<TRow>> {
    return this.page({ kind, status: 'pending' }, 1, page, pageSize);
  }

  mine(authorId: string, { kind, page, pageSize }: SubmissionQueueQuery<TKind>): Promise<Page<TRow>> {
    return this.page({ kind, authorId, status: { $in: ['pending', 'rejected'] } }, -1, page, pageSize);
  }

  private async page(
    filter: Filter<SubmissionQueueDocument<string, unknown>>,
    order: 1 | -1,
    page: number,
    pageSize: number,
  ): Promise<Page<TRow>> {
    const collection = this.db.collection<SubmissionQueueDocument<TKind, TPayload>>(this.collection);
    const [docs, total] = await Promise.all([
      collection
        .find(filter as Filter<SubmissionQueueDocument<TKind, TPayload>>)
        .sort({ submittedAt: order, _id: order })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      collection.countDocuments(filter as Filter<SubmissionQueueDocument<TKind, TPayload>>),
    ]);
    return pageOf(
      docs.map((doc) => this.rowOf(doc as SubmissionQueueDocument<TKind, TPayload>)),
      page,
      pageSize,
      total,
    );
  }
}

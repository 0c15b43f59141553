import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import { REVIEW_QUEUE, SubmissionDocument } from './review-queue.projection';
import type { ReviewQuery, ReviewRow } from './review.schemas';

function rowOf(doc: SubmissionDocument): ReviewRow {
  const { payload } = doc;
  return {
    id: doc._id,
    kind: doc.kind,
    authorId: doc.authorId,
    status: doc.status,
    pending: doc.status === 'pending',
    title: payload.kind === 'topic' ? payload.title : null,
    contentHtml: payload.kind === 'topic' ? payload.content : payload.contentHtml,
    topicId: payload.kind === 'topic' ? null : payload.topicId,
    commentId: payload.kind === 'reply' ? payload.commentId : null,
    submittedAt: doc.submittedAt,
    reason: doc.reason,
  };
}

/** The staff queue (pending, oldest first) and an author's own held or rejected items (newest first). */
@Injectable()
export class ReviewReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  queue({ kind, page, pageSize }: ReviewQuery): Promise<Page<ReviewRow>> {
    return this.page({ kind, status: 'pending' }, 1, page, pageSize);
  }

  mine(authorId: string, { kind, page, pageSize }: ReviewQuery): Promise<Page<ReviewRow>> {
    return this.page({ kind, authorId, status: { $in: ['pending', 'rejected'] } }, -1, page, pageSize);
  }

  private async page(
    filter: Filter<SubmissionDocument>,
    order: 1 | -1,
    page: number,
    pageSize: number,
  ): Promise<Page<ReviewRow>> {
    const collection = this.db.collection<SubmissionDocument>(REVIEW_QUEUE);
    const [docs, total] = await Promise.all([
      collection
        .find(filter)
        .sort({ submittedAt: order, _id: order })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      collection.countDocuments(filter),
    ]);
    return pageOf(docs.map(rowOf), page, pageSize, total);
  }
}

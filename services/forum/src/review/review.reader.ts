import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { ReviewKind, SubmissionPayload } from '@forum/contracts';
import { CONTEXT_DB, SubmissionQueueReader } from '@forum/platform';
import { REVIEW_QUEUE, SubmissionDocument } from './review-queue.projection';
import type { ReviewRow } from './review.schemas';

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
export class ReviewReader extends SubmissionQueueReader<ReviewKind, SubmissionPayload, ReviewRow> {
  constructor(@Inject(CONTEXT_DB) db: Db) {
    super(db, REVIEW_QUEUE, rowOf);
  }
}

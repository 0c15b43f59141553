import type { EventEnvelope, QaReviewKind, QaSubmissionEvent, QaSubmissionPayload } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { pendingSubmission } from '@forum/platform';
import type { SubmissionQueueDocument } from '@forum/platform';

export const QA_REVIEW_QUEUE_PROJECTION = 'qa-review-queue';
export const QA_REVIEW_QUEUE = 'qa_review_queue';

/** One document per submission (`_id` = the id the question, answer or reply has once approved). */
export type QaSubmissionDocument = SubmissionQueueDocument<QaReviewKind, QaSubmissionPayload>;

function decided(
  writer: ReadModelWriter,
  envelope: EventEnvelope,
  id: string,
  fields: Pick<QaSubmissionDocument, 'status' | 'decidedBy' | 'decidedAt' | 'reason'>,
): void {
  writer.upsertVersioned(QA_REVIEW_QUEUE, id, envelope, { $set: fields });
}

/** The staff's Q&A review queue and the authors' own held and rejected items (ADR 0024). */
export const qaReviewQueueProjection: ProjectionDefinition = {
  name: QA_REVIEW_QUEUE_PROJECTION,
  version: 1,
  topics: ['qa.qaSubmission'],
  collections: [QA_REVIEW_QUEUE],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & QaSubmissionEvent;
    switch (event.type) {
      case 'QaContentSubmitted':
        writer.upsertVersioned(QA_REVIEW_QUEUE, event.data.contentId, envelope, {
          $set: pendingSubmission(event.data),
        });
        return;
      case 'QaContentApproved': {
        const { contentId, by, at } = event.data;
        return decided(writer, envelope, contentId, { status: 'approved', decidedBy: by, decidedAt: at, reason: null });
      }
      case 'QaContentRejected': {
        const { contentId, by, at, reason } = event.data;
        return decided(writer, envelope, contentId, { status: 'rejected', decidedBy: by, decidedAt: at, reason });
      }
      default:
        return;
    }
  },
};

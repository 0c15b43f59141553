import type { EventEnvelope, ReviewKind, SubmissionEvent, SubmissionPayload } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { pendingSubmission } from '@forum/platform';
import type { SubmissionQueueDocument } from '@forum/platform';
import { addToList, ID_LISTS, removeFromList } from '../shared/id-lists';

export const REVIEW_QUEUE_PROJECTION = 'forum-review-queue';
export const REVIEW_QUEUE = 'review_queue';

/** One document per submission (`_id` = the content id it will have once approved). */
export type SubmissionDocument = SubmissionQueueDocument<ReviewKind, SubmissionPayload>;

/**
 * The staff review queue and the authors' "pending review" lists: the id list `memberPending:<author>` holds
 * what waits, so a thread shows its author their own held items inline (one `_id` read, no queue scan).
 */
export const reviewQueueProjection: ProjectionDefinition = {
  name: REVIEW_QUEUE_PROJECTION,
  // 2: the pending lists, filled from the beginning of the submissions.
  version: 2,
  topics: ['forum.submission'],
  collections: [REVIEW_QUEUE, ID_LISTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SubmissionEvent;
    switch (event.type) {
      case 'ContentSubmitted': {
        const { contentId, authorId } = event.data;
        writer.upsertVersioned(REVIEW_QUEUE, contentId, envelope, { $set: pendingSubmission(event.data) });
        addToList(writer, 'memberPending', authorId, envelope, contentId);
        return;
      }
      case 'ContentApproved':
        writer.upsertVersioned(REVIEW_QUEUE, event.data.contentId, envelope, {
          $set: { status: 'approved', decidedBy: event.data.by, decidedAt: event.data.at },
        });
        removeFromList(writer, 'memberPending', event.data.authorId, envelope, event.data.contentId);
        return;
      case 'ContentRejected':
        removeFromList(writer, 'memberPending', event.data.authorId, envelope, event.data.contentId);
        writer.upsertVersioned(REVIEW_QUEUE, event.data.contentId, envelope, {
          $set: {
            status: 'rejected',
            decidedBy: event.data.by,
            decidedAt: event.data.at,
            reason: event.data.reason,
          },
        });
        return;
      default:
        return;
    }
  },
};

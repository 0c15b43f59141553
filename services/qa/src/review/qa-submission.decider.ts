import { streamId } from '@forum/contracts';
import type { QaReviewKind, QaSubmissionEvent, QaSubmissionPayload } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const qaSubmissionStream = (contentId: string) => streamId('qaSubmission', contentId);

export interface QaSubmissionState {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  authorId: string | null;
  payload: QaSubmissionPayload | null;
  reason: string | null;
}

export type QaSubmissionCommand = { contentId: string; now: Date } & (
  | { type: 'SubmitQaContent'; authorId: string; payload: QaSubmissionPayload }
  | { type: 'ApproveQaContent'; kind: QaReviewKind; by: string }
  | { type: 'RejectQaContent'; kind: QaReviewKind; by: string; reason: string }
);

/**
 * A held question, answer or answer reply (ADR 0024): submitted → approved or rejected, once. The same decision
 * again appends nothing (a double click, a retry: the caller then repeats its follow-up step, which is idempotent);
 * the other decision is `qa.submission_decided`; an unknown id or the wrong kind is `qa.submission_not_found`.
 */
export const qaSubmissionDecider: Decider<QaSubmissionState, QaSubmissionCommand, QaSubmissionEvent> = {
  name: 'qaSubmission',
  initialState: () => ({ status: 'none', authorId: null, payload: null, reason: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'QaContentSubmitted':
        return { ...state, status: 'pending', authorId: event.data.authorId, payload: event.data.payload };
      case 'QaContentApproved':
        return { ...state, status: 'approved' };
      case 'QaContentRejected':
        return { ...state, status: 'rejected', reason: event.data.reason };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state): QaSubmissionEvent[] {
    const { contentId } = command;
    const at = command.now.toISOString();
    if (command.type === 'SubmitQaContent') {
      if (state.status !== 'none') return [];
      const { authorId, payload } = command;
      return [{ type: 'QaContentSubmitted', data: { contentId, authorId, payload, submittedAt: at } }];
    }
    if (state.status === 'none' || state.payload?.kind !== command.kind) {
      throw new DomainError('qa.submission_not_found');
    }
    const authorId = state.authorId!;
    const { kind, by } = command;
    if (command.type === 'ApproveQaContent') {
      if (state.status === 'approved') return [];
      if (state.status !== 'pending') throw new DomainError('qa.submission_decided');
      return [{ type: 'QaContentApproved', data: { contentId, kind, authorId, by, at } }];
    }
    if (state.status === 'rejected') return [];
    if (state.status !== 'pending') throw new DomainError('qa.submission_decided');
    const reason = command.reason.trim();
    return [{ type: 'QaContentRejected', data: { contentId, kind, authorId, reason, by, at } }];
  },
};

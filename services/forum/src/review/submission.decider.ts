import type { ReviewKind, SubmissionEvent, SubmissionPayload } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export type SubmissionStatus = 'none' | 'pending' | 'approved' | 'rejected';

export interface SubmissionState {
  status: SubmissionStatus;
  authorId: string | null;
  payload: SubmissionPayload | null;
}

export interface SubmitContent {
  type: 'SubmitContent';
  contentId: string;
  authorId: string;
  payload: SubmissionPayload;
  now: Date;
}

export interface ApproveContent {
  type: 'ApproveContent';
  kind: ReviewKind;
  by: string;
  now: Date;
}

export interface RejectContent {
  type: 'RejectContent';
  kind: ReviewKind;
  by: string;
  reason: string;
  now: Date;
}

export type SubmissionCommand = (SubmitContent | ApproveContent | RejectContent) & { contentId: string };

/** Only a pending submission of the kind the route names can be decided, and only once. */
function requirePending(state: SubmissionState, kind: ReviewKind): { authorId: string } {
  if (state.status === 'none' || state.payload?.kind !== kind) throw new DomainError('forum.submission_not_found');
  if (state.status !== 'pending') throw new DomainError('forum.submission_decided');
  return { authorId: state.authorId! };
}

export function decideSubmission(command: SubmissionCommand, state: SubmissionState): SubmissionEvent[] {
  const { contentId } = command;
  switch (command.type) {
    case 'SubmitContent': {
      if (state.status !== 'none') throw new DomainError('forum.submission_decided');
      const data = {
        contentId,
        authorId: command.authorId,
        payload: command.payload,
        submittedAt: command.now.toISOString(),
      };
      return [{ type: 'ContentSubmitted', data }];
    }
    case 'ApproveContent': {
      const { authorId } = requirePending(state, command.kind);
      const data = { contentId, kind: command.kind, authorId, by: command.by, at: command.now.toISOString() };
      return [{ type: 'ContentApproved', data }];
    }
    case 'RejectContent': {
      const { authorId } = requirePending(state, command.kind);
      const at = command.now.toISOString();
      return [
        {
          type: 'ContentRejected',
          data: { contentId, kind: command.kind, authorId, reason: command.reason.trim(), by: command.by, at },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

/**
 * A held topic, comment or reply: submitted → approved or rejected, once. Approval is decided here; the content's
 * `...Posted` is then appended on its own stream by `ReviewCommands` (a second step with its own idempotency key).
 */
export const submissionDecider: Decider<SubmissionState, SubmissionCommand, SubmissionEvent> = {
  name: 'submission',
  initialState: () => ({ status: 'none', authorId: null, payload: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContentSubmitted':
        return { status: 'pending', authorId: event.data.authorId, payload: event.data.payload };
      case 'ContentApproved':
        return { ...state, status: 'approved' };
      case 'ContentRejected':
        return { ...state, status: 'rejected' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide: decideSubmission,
};

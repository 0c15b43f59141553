import type { SubmissionEvent, SubmissionPayload } from '@forum/contracts';
import { given } from '@forum/testing';
import { SubmissionCommand, submissionDecider } from './submission.decider';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const payload: SubmissionPayload = {
  kind: 'comment',
  topicId: 't1',
  contentHtml: '<p>hi</p>',
  quoted: null,
  mentions: [],
};
const submit: SubmissionCommand = { type: 'SubmitContent', contentId: 'c1', authorId: 'm1', payload, now };
const approve: SubmissionCommand = { type: 'ApproveContent', contentId: 'c1', kind: 'comment', by: 's1', now };
const reject: SubmissionCommand = {
  type: 'RejectContent',
  contentId: 'c1',
  kind: 'comment',
  by: 's1',
  reason: ' off topic ',
  now,
};
const submitted: SubmissionEvent = {
  type: 'ContentSubmitted',
  data: { contentId: 'c1', authorId: 'm1', payload, submittedAt: at },
};
const approved: SubmissionEvent = {
  type: 'ContentApproved',
  data: { contentId: 'c1', kind: 'comment', authorId: 'm1', by: 's1', at },
};
const rejected: SubmissionEvent = {
  type: 'ContentRejected',
  data: { contentId: 'c1', kind: 'comment', authorId: 'm1', reason: 'off topic', by: 's1', at },
};

describe('submission decider (review queue)', () => {
  it('holds new content as submitted, once', () => {
    given(submissionDecider).when(submit).then([submitted]);
    given(submissionDecider, [submitted]).when(submit).thenError('forum.submission_decided');
  });

  it('approves a pending submission', () => {
    given(submissionDecider, [submitted]).when(approve).then([approved]);
  });

  it('rejects a pending submission with the trimmed reason', () => {
    given(submissionDecider, [submitted]).when(reject).then([rejected]);
  });

  it('refuses to decide twice or to reverse a decision', () => {
    given(submissionDecider, [submitted, approved]).when(approve).thenError('forum.submission_decided');
    given(submissionDecider, [submitted, approved]).when(reject).thenError('forum.submission_decided');
    given(submissionDecider, [submitted, rejected]).when(approve).thenError('forum.submission_decided');
  });

  it('knows nothing of an unknown id or of another kind under the same id', () => {
    given(submissionDecider).when(approve).thenError('forum.submission_not_found');
    given(submissionDecider).when(reject).thenError('forum.submission_not_found');
    given(submissionDecider, [submitted])
      .when({ ...approve, kind: 'topic' })
      .thenError('forum.submission_not_found');
  });
});

import type { QaSubmissionEvent } from '@forum/contracts';
import { DomainError, fold } from '@forum/event-store';
import { qaSubmissionDecider } from './qa-submission.decider';
import type { QaSubmissionCommand } from './qa-submission.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const payload = { kind: 'answer' as const, questionId: 'q1', content: '<p>a</p>', mentions: [] };

function run(history: QaSubmissionEvent[], command: QaSubmissionCommand): QaSubmissionEvent[] {
  return qaSubmissionDecider.decide(command, fold(qaSubmissionDecider, history));
}

const submitted = run([], { type: 'SubmitQaContent', contentId: 'a1', authorId: 'm1', payload, now });
const approve: QaSubmissionCommand = { type: 'ApproveQaContent', contentId: 'a1', kind: 'answer', by: 's1', now };
const reject: QaSubmissionCommand = {
  type: 'RejectQaContent',
  contentId: 'a1',
  kind: 'answer',
  by: 's1',
  reason: '  spam ',
  now,
};

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return undefined;
}

describe('qaSubmissionDecider', () => {
  it('submits once, then approves or rejects (with the trimmed reason)', () => {
    expect(submitted).toEqual([
      {
        type: 'QaContentSubmitted',
        data: { contentId: 'a1', authorId: 'm1', payload, submittedAt: now.toISOString() },
      },
    ]);
    expect(run(submitted, approve)).toEqual([
      {
        type: 'QaContentApproved',
        data: { contentId: 'a1', kind: 'answer', authorId: 'm1', by: 's1', at: now.toISOString() },
      },
    ]);
    expect(run(submitted, reject)[0]).toMatchObject({ type: 'QaContentRejected', data: { reason: 'spam' } });
  });

  it('repeats the same decision as nothing, refuses the other one, and does not know other kinds', () => {
    const approved = [...submitted, ...run(submitted, approve)];
    const rejected = [...submitted, ...run(submitted, reject)];
    expect(run(approved, approve)).toEqual([]);
    expect(run(rejected, reject)).toEqual([]);
    expect(code(() => run(approved, reject))).toBe('qa.submission_decided');
    expect(code(() => run(rejected, approve))).toBe('qa.submission_decided');
    expect(code(() => run(submitted, { ...approve, kind: 'question' }))).toBe('qa.submission_not_found');
    expect(code(() => run([], approve))).toBe('qa.submission_not_found');
  });
});

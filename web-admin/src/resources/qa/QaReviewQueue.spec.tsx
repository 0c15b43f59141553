import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QaReviewQueue } from './QaReviewQueue';
import { renderQa } from './render-qa';

afterEach(cleanup);

const item = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  authorId: `m-${id}`,
  status: 'pending',
  pending: true,
  title: null,
  contentHtml: `<p>Body of ${id}</p>`,
  questionId: kind === 'question' ? id : 'q0',
  answerId: null,
  bountyAmount: 0,
  bountyPoints: 0,
  submittedAt: '2026-11-21T10:00:00.000Z',
  reason: null,
  ...extra,
});
const questions = {
  items: [
    item('q1', 'question', { title: 'Held question', bountyAmount: 2050, bountyPoints: 30 }),
    item('q2', 'question', { title: 'Spam question', bountyAmount: 1000 }),
  ],
  total: 2,
};
const decided = (status: string) => ({ json: { id: 'x', kind: 'question', status, visible: true } });

describe('the Q&A review queue', () => {
  it('lists held questions in Chinese with their frozen bounty, from the staff endpoint', async () => {
    const { sent } = renderQa(<QaReviewQueue />, {
      resource: 'qaReview',
      language: 'zh',
      routes: { 'GET /api/qa/staff/review': { json: questions } },
    });
    const row = within((await screen.findByText('Held question')).closest('tr')!);
    expect(row.getByText('Body of q1')).toBeTruthy();
    expect(row.getByText('悬赏：20.50 元，30 积分（审核前冻结）')).toBeTruthy();
    expect(row.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(row.getByRole('button', { name: '驳回' })).toBeTruthy();
    expect(sent('GET').some(({ url }) => url === '/api/qa/staff/review?kind=question&page=1&pageSize=20')).toBe(true);
  });

  it('approves, and rejects only with a reason, saying the bounty goes back', async () => {
    const { sent } = renderQa(<QaReviewQueue />, {
      resource: 'qaReview',
      routes: {
        'GET /api/qa/staff/review': { json: questions },
        'POST /api/qa/staff/review/question/q1/approve': decided('approved'),
        'POST /api/qa/staff/review/question/q2/reject': decided('rejected'),
      },
    });
    const held = within((await screen.findByText('Held question')).closest('tr')!);
    fireEvent.click(held.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent('POST').map(({ url }) => url)).toContain('/api/qa/staff/review/question/q1/approve'),
    );
    expect(await screen.findByText('Approved: now public')).toBeTruthy();

    fireEvent.click(within(screen.getByText('Spam question').closest('tr')!).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Its frozen bounty goes back to the asker.')).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Reject' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Reason (shown to the author)'), { target: { value: 'Spam' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({ url: '/api/qa/staff/review/question/q2/reject', body: { reason: 'Spam' } }),
    );
    expect(await screen.findByText('Rejected')).toBeTruthy();
  });

  it('switches to held answer replies', async () => {
    const { sent } = renderQa(<QaReviewQueue />, {
      resource: 'qaReview',
      routes: {
        'GET /api/qa/staff/review': { json: { items: [item('r1', 'answerReply')], total: 1 } },
      },
    });
    await screen.findByText('Body of r1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kind/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Answer replies' }));
    await waitFor(() =>
      expect(sent('GET').map(({ url }) => url)).toContain('/api/qa/staff/review?kind=answerReply&page=1&pageSize=20'),
    );
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForum } from './render-forum';
import { ReviewQueue } from './ReviewQueue';

afterEach(cleanup);

const item = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  authorId: `m-${id}`,
  status: 'pending',
  pending: true,
  title: null,
  contentHtml: `<p>Body of ${id}</p>`,
  topicId: kind === 'topic' ? null : 't0',
  commentId: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
  reason: null,
  ...extra,
});
const topics = { items: [item('t1', 'topic', { title: 'Held topic' }), item('t2', 'topic')], total: 2 };
const decided = (status: string) => ({ json: { id: 'x', kind: 'topic', status, visible: true } });

describe('the review queue', () => {
  it('lists held topics in Chinese, as plain text, from the staff endpoint', async () => {
    const { sent } = renderForum(<ReviewQueue />, {
      resource: 'review',
      language: 'zh',
      routes: { 'GET /api/forum/staff/review': { json: topics } },
    });
    const row = within((await screen.findByText('Held topic')).closest('tr')!);
    expect(row.getByText('Body of t1')).toBeTruthy();
    expect(row.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(row.getByRole('button', { name: '驳回' })).toBeTruthy();
    expect(sent('GET').some(({ url }) => url === '/api/forum/staff/review?kind=topic&page=1&pageSize=20')).toBe(true);
  });

  it('approves, and rejects only with a reason', async () => {
    const { sent } = renderForum(<ReviewQueue />, {
      resource: 'review',
      routes: {
        'GET /api/forum/staff/review': { json: topics },
        'POST /api/forum/staff/review/topic/t1/approve': decided('approved'),
        'POST /api/forum/staff/review/topic/t2/reject': decided('rejected'),
      },
    });
    const held = within((await screen.findByText('Held topic')).closest('tr')!);
    fireEvent.click(held.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent('POST').map(({ url }) => url)).toContain('/api/forum/staff/review/topic/t1/approve'),
    );
    expect(await screen.findByText('Approved: now public')).toBeTruthy();

    fireEvent.click(within(screen.getByText('Body of t2').closest('tr')!).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Reject' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Reason (shown to the author)'), { target: { value: 'Spam' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({ url: '/api/forum/staff/review/topic/t2/reject', body: { reason: 'Spam' } }),
    );
    expect(await screen.findByText('Rejected')).toBeTruthy();
  });
});

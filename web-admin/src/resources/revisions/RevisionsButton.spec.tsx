import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForum } from '../forum/render-forum';
import { StaffTopicList } from '../forum/StaffTopicList';

afterEach(cleanup);

const topic = {
  topicId: 't3',
  title: 'A good one',
  authorId: 'm1',
  author: { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false },
  tags: [],
  postedAt: '2026-11-20T10:00:00.000Z',
  pinned: false,
  pinWeight: 0,
  essence: false,
  deleted: false,
  commentCount: 0,
};
const by = { memberId: 'm1', nickname: 'Ann', cancelled: false };
const history = {
  kind: 'topic',
  targetId: 't3',
  items: [
    {
      revision: 1,
      number: 1,
      current: false,
      at: '2026-11-20T10:00:00.000Z',
      by,
      hiddenByStaff: false,
      hiddenAt: null,
      title: 'A first title',
      parts: [
        { kind: 'text', text: 'Something regrettable.' },
        { kind: 'hidden', hideType: 40, locked: false, text: 'Paid words' },
      ],
    },
    {
      revision: 2,
      number: 2,
      current: true,
      at: '2026-11-21T10:00:00.000Z',
      by,
      hiddenByStaff: false,
      hiddenAt: null,
      title: 'A good one',
      parts: [{ kind: 'text', text: 'Something better.' }],
    },
  ],
};

describe('the edit history in the console', () => {
  it('lists a topic’s versions, newest first, and hides an earlier one from members', async () => {
    const { sent } = renderForum(<StaffTopicList />, {
      resource: 'topics',
      routes: {
        'GET /api/forum/staff/topics': { json: { items: [topic], total: 1 } },
        'GET /api/forum/topics/t3/revisions': { json: history },
        'POST /api/forum/staff/revisions/topic/t3/1': {
          json: { kind: 'topic', targetId: 't3', revision: 1, hidden: true, visible: true },
        },
      },
    });
    const row = within((await screen.findByText('A good one')).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: 'History' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit history' }));
    const [current, first] = await dialog.findAllByRole('region');
    expect(within(current!).getByText('Current')).toBeTruthy();
    expect(within(current!).queryByRole('button', { name: 'Hide from members' })).toBeNull();
    expect(within(first!).getByText(/Something regrettable\.\s*Paid words/)).toBeTruthy();
    fireEvent.click(within(first!).getByRole('button', { name: 'Hide from members' }));
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({ url: '/api/forum/staff/revisions/topic/t3/1', body: { hidden: true } }),
    );
    expect(await screen.findByText('Version hidden: members see “hidden by staff”')).toBeTruthy();
  });
});

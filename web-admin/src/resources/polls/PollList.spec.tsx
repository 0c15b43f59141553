import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { membersApi } from '../members';
import { PollList } from './PollList';
import { pollsApi, withPolls } from './polls-api';

afterEach(cleanup);

const row = (id: string, question: string, extra: Record<string, unknown> = {}) => ({
  id,
  pollId: id,
  topicId: id,
  topicTitle: `Topic ${id}`,
  authorId: `m-${id}`,
  question,
  multiple: false,
  closesAt: null,
  closed: false,
  closedAt: null,
  deleted: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  voters: 3,
  options: [
    { optionId: 'o1', text: 'Tea', votes: 2 },
    { optionId: 'o2', text: 'Coffee', votes: 1 },
  ],
  ...extra,
});

const page = {
  items: [row('t1', 'Tea or coffee?'), row('t2', 'Old poll', { closed: true }), row('t3', 'Gone', { deleted: true })],
  total: 3,
};
const written = { json: { poll: null, visible: true } };

function renderPolls(language: 'en' | 'zh', routes: Record<string, unknown> = {}) {
  return renderAdmin(<PollList />, {
    resource: 'polls',
    language,
    resources: { polls: pollsApi, members: membersApi },
    withVerbs: withPolls,
    routes: { 'GET /api/forum/staff/polls': { json: page }, ...routes } as never,
  });
}

describe('the staff poll list', () => {
  it('shows every poll with its counts and state, in Chinese; only live polls offer verbs', async () => {
    renderPolls('zh');
    const open = within((await screen.findByText('Tea or coffee?')).closest('tr')!);
    expect(open.getByText('Topic t1')).toBeTruthy();
    expect(open.getByText('Tea: 2 · Coffee: 1')).toBeTruthy();
    expect(open.getByText('进行中')).toBeTruthy();
    expect(open.getByRole('button', { name: '立即结束' })).toBeTruthy();
    const closed = within(screen.getByText('Old poll').closest('tr')!);
    expect(closed.getByText('已结束')).toBeTruthy();
    expect(closed.queryByRole('button', { name: '立即结束' })).toBeNull();
    expect(closed.getByRole('button', { name: '删除' })).toBeTruthy();
    const gone = within(screen.getByText('Gone').closest('tr')!);
    expect(gone.getByText('已删除')).toBeTruthy();
    expect(gone.queryByRole('button')).toBeNull();
  });

  it('closes and deletes a poll through its staff commands, each after confirming', async () => {
    const { sent } = renderPolls('en', {
      'POST /api/forum/staff/polls/t1/close': written,
      'DELETE /api/forum/staff/polls/t2': written,
    });
    const open = within((await screen.findByText('Tea or coffee?')).closest('tr')!);
    fireEvent.click(open.getByRole('button', { name: 'Close now' }));
    expect(sent('POST')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent('POST').map(({ url }) => url)).toEqual(['/api/forum/staff/polls/t1/close']));
    expect(await screen.findByText('Poll closed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(screen.getByText('Old poll').closest('tr')!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent('DELETE').map(({ url }) => url)).toEqual(['/api/forum/staff/polls/t2']));
  });
});

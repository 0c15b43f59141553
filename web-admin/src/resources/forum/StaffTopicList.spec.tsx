import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForum } from './render-forum';
import { StaffTopicList } from './StaffTopicList';

afterEach(cleanup);

const row = (topicId: string, title: string, extra: Record<string, unknown> = {}) => ({
  topicId,
  title,
  authorId: `m-${topicId}`,
  author: { memberId: `m-${topicId}`, nickname: `Author ${topicId}`, avatarUrl: null, cancelled: false },
  tags: [{ tagId: 'g', name: 'General' }],
  postedAt: '2026-11-20T10:00:00.000Z',
  pinned: false,
  pinWeight: 0,
  essence: false,
  deleted: false,
  commentCount: 3,
  ...extra,
});

const page = {
  items: [
    row('t1', 'Welcome', { pinned: true, pinWeight: 1 }),
    row('t2', 'Spam here', { deleted: true }),
    row('t3', 'A good one'),
  ],
  total: 3,
};
const written = { json: { topicId: 't', version: 2, visible: true } };

describe('the staff topic list', () => {
  it('lists every topic with its state, in Chinese, from the staff endpoint', async () => {
    const { sent } = renderForum(<StaffTopicList />, {
      resource: 'topics',
      language: 'zh',
      routes: { 'GET /api/forum/staff/topics': { json: page } },
    });
    const welcome = within((await screen.findByText('Welcome')).closest('tr')!);
    expect(welcome.getByText('置顶')).toBeTruthy();
    expect(welcome.getByText('Author t1')).toBeTruthy();
    expect(welcome.getByText('General')).toBeTruthy();
    expect(welcome.getByRole('button', { name: '取消置顶' })).toBeTruthy();
    const spam = within(screen.getByText('Spam here').closest('tr')!);
    expect(spam.getByText('已删除')).toBeTruthy();
    expect(spam.getByRole('button', { name: '恢复' })).toBeTruthy();
    expect(spam.queryByRole('button', { name: '删除' })).toBeNull();
    expect(sent('GET').some(({ url }) => url.startsWith('/api/forum/staff/topics?page=1&pageSize=20'))).toBe(true);
  });

  it('pins, marks essence, restores and (after confirming) deletes through the topic commands', async () => {
    const { sent } = renderForum(<StaffTopicList />, {
      resource: 'topics',
      routes: {
        'GET /api/forum/staff/topics': { json: page },
        'POST /api/forum/topics/t1/pin': written,
        'POST /api/forum/topics/t3/essence': written,
        'POST /api/forum/topics/t2/restore': written,
        'DELETE /api/forum/topics/t3': written,
      },
    });
    const welcome = within((await screen.findByText('Welcome')).closest('tr')!);
    fireEvent.click(welcome.getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(sent('POST')).toContainEqual({ url: '/api/forum/topics/t1/pin', body: { weight: 0 } }));
    expect(await screen.findByText('Topic unpinned')).toBeTruthy();

    const good = within(screen.getByText('A good one').closest('tr')!);
    fireEvent.click(good.getByRole('button', { name: 'Mark essence' }));
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({ url: '/api/forum/topics/t3/essence', body: { essence: true } }),
    );
    fireEvent.click(within(screen.getByText('Spam here').closest('tr')!).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(sent('POST').map(({ url }) => url)).toContain('/api/forum/topics/t2/restore'));

    fireEvent.click(within(screen.getByText('A good one').closest('tr')!).getByRole('button', { name: 'Delete' }));
    expect(sent('DELETE')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent('DELETE')).toEqual([{ url: '/api/forum/topics/t3', body: undefined }]));
  });

  it('filters by an author found by account or nickname, sending the id', async () => {
    const { sent } = renderForum(<StaffTopicList />, {
      resource: 'topics',
      routes: {
        'GET /api/forum/staff/topics': { json: page },
        'GET /api/identity/staff/members': {
          json: {
            items: [{ id: 'm-7', account: 'ada_l', nickname: 'Ada', kind: 'member', state: 'enabled' }],
            total: 1,
          },
        },
      },
    });
    await screen.findByText('Welcome');
    const author = screen.getByRole('combobox', { name: 'Author' });
    fireEvent.change(author, { target: { value: 'ada' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ada (ada_l)' }, { timeout: 3000 }));
    const searched = new URL(sent('GET').find(({ url }) => url.includes('/identity/staff/members'))!.url, 'http://x');
    expect(searched.searchParams.get('q')).toBe('ada');
    await waitFor(
      () => {
        const last = new URL(
          sent('GET')
            .filter(({ url }) => url.includes('/forum/staff/topics'))
            .at(-1)!.url,
          'http://x',
        );
        expect(last.searchParams.get('authorId')).toBe('m-7');
      },
      { timeout: 3000 },
    );
    expect((author as HTMLInputElement).value).toBe('Ada (ada_l)');
  });

  it('says so when no member matches (zh)', async () => {
    renderForum(<StaffTopicList />, {
      resource: 'topics',
      language: 'zh',
      routes: {
        'GET /api/forum/staff/topics': { json: page },
        'GET /api/identity/staff/members': { json: { items: [], total: 0 } },
      },
    });
    await screen.findByText('Welcome');
    fireEvent.change(screen.getByRole('combobox', { name: '作者' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('没有匹配的会员', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('searches nicknames through the forum lookup for staff the member list refuses', async () => {
    const { sent } = renderForum(<StaffTopicList />, {
      resource: 'topics',
      routes: {
        'GET /api/forum/staff/topics': { json: page },
        'GET /api/identity/staff/members': { status: 403, json: { code: 'auth.forbidden', message: 'Forbidden' } },
        'GET /api/forum/members/lookup': { json: [{ memberId: 'm-5', nickname: 'Moderated', avatarUrl: null }] },
      },
    });
    await screen.findByText('Welcome');
    fireEvent.change(screen.getByRole('combobox', { name: 'Author' }), { target: { value: 'mod' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Moderated' }));
    const lookup = new URL(sent('GET').find(({ url }) => url.includes('/forum/members/lookup'))!.url, 'http://x');
    expect(lookup.searchParams.get('prefix')).toBe('mod');
    await waitFor(() => {
      const last = new URL(
        sent('GET')
          .filter(({ url }) => url.includes('/forum/staff/topics'))
          .at(-1)!.url,
        'http://x',
      );
      expect(last.searchParams.get('authorId')).toBe('m-5');
    });
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForum } from './render-forum';
import { StaffCommentList, StaffReplyList } from './StaffContentList';

afterEach(cleanup);

const row = (id: string, kind: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  topicId: 't1',
  commentId: kind === 'reply' ? 'c1' : null,
  authorId: `m-${id}`,
  author: { memberId: `m-${id}`, nickname: `Author ${id}`, avatarUrl: null, cancelled: false },
  contentHtml: `<p>${text}</p>`,
  postedAt: '2026-11-21T10:00:00.000Z',
  editedAt: null,
  deleted: false,
  likeCount: 0,
  ...extra,
});

describe('the staff comment and reply lists', () => {
  it('lists every comment with its state, in Chinese, from the staff endpoint', async () => {
    const { sent } = renderForum(<StaffCommentList />, {
      resource: 'comments',
      language: 'zh',
      routes: {
        'GET /api/forum/staff/comments': {
          json: { items: [row('c1', 'comment', 'Nice'), row('c2', 'comment', 'Gone', { deleted: true })], total: 2 },
        },
      },
    });
    const nice = within((await screen.findByText('Nice')).closest('tr')!);
    expect(nice.getByText('Author c1')).toBeTruthy();
    expect(nice.getByRole('button', { name: '删除' })).toBeTruthy();
    const gone = within(screen.getByText('Gone').closest('tr')!);
    expect(gone.getByText('已删除')).toBeTruthy();
    expect(gone.queryByRole('button', { name: '删除' })).toBeNull();
    expect(sent('GET').some(({ url }) => url.startsWith('/api/forum/staff/comments?page=1&pageSize=20'))).toBe(true);
  });

  it('deletes a reply through the reply route after confirming', async () => {
    const { sent } = renderForum(<StaffReplyList />, {
      resource: 'replies',
      routes: {
        'GET /api/forum/staff/replies': { json: { items: [row('r1', 'reply', 'Spam reply')], total: 1 } },
        'DELETE /api/forum/replies/r1': { json: { replyId: 'r1', visible: true } },
      },
    });
    fireEvent.click(
      within((await screen.findByText('Spam reply')).closest('tr')!).getByRole('button', { name: 'Delete' }),
    );
    expect(sent('DELETE')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent('DELETE')).toEqual([{ url: '/api/forum/replies/r1', body: undefined }]));
  });

  it('restores a deleted comment or reply through its restore route, in Chinese', async () => {
    const { sent } = renderForum(<StaffReplyList />, {
      resource: 'replies',
      language: 'zh',
      routes: {
        'GET /api/forum/staff/replies': {
          json: { items: [row('r1', 'reply', 'Live'), row('r2', 'reply', 'Back again', { deleted: true })], total: 2 },
        },
        'POST /api/forum/replies/r2/restore': { json: { replyId: 'r2', visible: true } },
      },
    });
    const back = within((await screen.findByText('Back again')).closest('tr')!);
    expect(within(screen.getByText('Live').closest('tr')!).queryByRole('button', { name: '恢复' })).toBeNull();
    fireEvent.click(back.getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(sent('POST')).toEqual([{ url: '/api/forum/replies/r2/restore', body: undefined }]));
  });

  it('restores a comment through the comment route', async () => {
    const { sent } = renderForum(<StaffCommentList />, {
      resource: 'comments',
      routes: {
        'GET /api/forum/staff/comments': {
          json: { items: [row('c9', 'comment', 'Removed', { deleted: true })], total: 1 },
        },
        'POST /api/forum/comments/c9/restore': { json: { commentId: 'c9', visible: true } },
      },
    });
    fireEvent.click(
      within((await screen.findByText('Removed')).closest('tr')!).getByRole('button', { name: 'Restore' }),
    );
    await waitFor(() => expect(sent('POST').map(({ url }) => url)).toEqual(['/api/forum/comments/c9/restore']));
  });

  it('filters replies by an author found by account or nickname', async () => {
    const { sent } = renderForum(<StaffReplyList />, {
      resource: 'replies',
      routes: {
        'GET /api/forum/staff/replies': { json: { items: [row('r1', 'reply', 'A reply')], total: 1 } },
        'GET /api/identity/staff/members': {
          json: { items: [{ id: 'm-9', account: 'bob', nickname: 'Bob', kind: 'member', state: 'enabled' }], total: 1 },
        },
      },
    });
    await screen.findByText('A reply');
    fireEvent.change(screen.getByRole('combobox', { name: 'Author' }), { target: { value: 'bo' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bob (bob)' }));
    await waitFor(() => {
      const last = new URL(
        sent('GET')
          .filter(({ url }) => url.includes('/forum/staff/replies'))
          .at(-1)!.url,
        'http://x',
      );
      expect(last.searchParams.get('authorId')).toBe('m-9');
    });
  });
});

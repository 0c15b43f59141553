import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gone, page, topicRow } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm2', account: 'bob', nickname: 'Bob' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('forum control-panel lists', () => {
  it('lists my topics with counts and links to who favourited, liked and unlocked', async () => {
    const { network } = renderApp('/user/control/topicList?page=2', {
      routes: {
        'GET /api/forum/me/topics': () =>
          json(200, page([topicRow({ title: 'My post', unlockCount: 7 })], { page: 2, total: 21, totalPages: 2 })),
      },
    });
    const row = (await screen.findByRole('link', { name: 'My post' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Comments 2 · Likes 3 · Favourites 4 · Unlocks 7 · Reads 50')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Favourite users' }).getAttribute('href')).toBe(
      '/user/control/topicFavoriteList?topicId=t1',
    );
    expect(within(row).getByRole('link', { name: 'Like users' }).getAttribute('href')).toBe(
      '/user/control/topicLikeList?topicId=t1',
    );
    expect(within(row).getByRole('link', { name: 'Unlock users' }).getAttribute('href')).toBe(
      '/user/control/topicUnhideList?topicId=t1',
    );
    expect(callsTo(network.sent, 'GET', '/api/forum/me/topics')[0]!.url.searchParams.get('page')).toBe('2');
  });

  it('lists who liked a topic and who unlocked it (zh)', async () => {
    renderApp('/user/control/topicLikeList?topicId=t1', {
      language: 'zh',
      routes: {
        'GET /api/forum/topics/t1/likers': () =>
          json(200, page([{ member: { ...gone, isStaff: false }, at: '2026-11-20T08:00:00.000Z' }])),
      },
    });
    expect(await screen.findByText('此用户账号已注销')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: /点赞/ })).toBeTruthy();
  });

  it('lists who unlocked my topic with the type and what each paid', async () => {
    const record = (type: number, pricePaid: number | null, nickname: string) => ({
      topicId: 't1',
      topicTitle: 'Paid post',
      member: { ...gone, memberId: nickname, nickname, cancelled: false },
      type,
      pricePaid,
      at: '2026-11-20T08:00:00.000Z',
    });
    renderApp('/user/control/topicUnhideList?topicId=t1', {
      routes: {
        'GET /api/forum/topics/t1/unlocks': () =>
          json(200, page([record(40, 30, 'Ann'), record(50, 199, 'Cid'), record(10, null, 'Dee')])),
      },
    });
    // The first test to load the lazy route on a busy machine: allow it more than the usual wait.
    const row = async (name: string) =>
      (await screen.findByText(name, {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(await row('Ann')).getByText('points')).toBeTruthy();
    expect(within(await row('Ann')).getByText('30 points')).toBeTruthy();
    expect(within(await row('Cid')).getByText('balance')).toBeTruthy();
    expect(within(await row('Cid')).getByText('¥1.99')).toBeTruthy();
    expect(within(await row('Dee')).getByText('—')).toBeTruthy();
  }, 20_000);

  it('shows my activity and my comments with links to them', async () => {
    renderApp('/user/control/userDynamicList', {
      routes: {
        'GET /api/forum/me/dynamics': () =>
          json(200, {
            ...page([
              {
                kind: 'quote',
                topicId: 't1',
                topicTitle: 'A topic',
                commentId: 'c5',
                replyId: null,
                summary: 'I agree',
                at: '2026-11-20T08:00:00.000Z',
              },
            ]),
            shown: true,
          }),
      },
    });
    expect(await screen.findByText('Quoted a comment')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A topic' }).getAttribute('href')).toBe('/thread?topicId=t1&commentId=c5');
  });

  it('shows asking, answering and replying to an answer in my activity, linked to the question', async () => {
    const qa = (kind: string, summary: string) => ({
      kind,
      topicId: null,
      topicTitle: null,
      commentId: null,
      replyId: null,
      questionId: 'q1',
      questionTitle: 'A question',
      answerId: kind === 'question' ? null : 'a1',
      answerReplyId: kind === 'answerReply' ? 'r1' : null,
      summary,
      at: '2026-11-20T08:00:00.000Z',
    });
    renderApp('/user/control/userDynamicList', {
      routes: {
        'GET /api/forum/me/dynamics': () =>
          json(200, {
            ...page([qa('answerReply', 'Thanks'), qa('answer', 'Because'), qa('question', 'A question')]),
            shown: true,
          }),
      },
    });
    expect(await screen.findByText('Replied to an answer')).toBeTruthy();
    expect(screen.getByText('Answered')).toBeTruthy();
    expect(screen.getByText('Asked a question')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'A question' });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toBe('/question?questionId=q1');
  });

  it('says when a list is empty', async () => {
    renderApp('/user/control/favoriteList', { routes: { 'GET /api/forum/me/favourites': () => json(200, page([])) } });
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, bob, cat, questionRow, reply } from '@/features/questions/testing/qa-fixtures';
import { page } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('Q&A control-panel lists', () => {
  it('lists my questions with bounty, state and counts, paged, with a link to who favourited each', async () => {
    const { network } = renderApp('/user/control/questionList?page=2', {
      routes: {
        'GET /api/qa/me/questions': () =>
          json(
            200,
            page(
              [
                questionRow({
                  title: 'My bounty question',
                  rewardAmount: 250,
                  bounty: { amount: 250, points: 0, status: 'refunded' },
                  answerCount: 4,
                }),
              ],
              { page: 2, total: 21, totalPages: 2 },
            ),
          ),
      },
    });
    const row = (await screen.findByRole('link', { name: 'My bounty question' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cash ¥2.50')).toBeTruthy();
    expect(within(row).getByText('Refunded')).toBeTruthy();
    expect(within(row).getByText('Unresolved')).toBeTruthy();
    expect(within(row).getByText('Answers 4 · Likes 1 · Favourites 2 · Reads 30')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Favourite users' }).getAttribute('href')).toBe(
      '/user/control/questionFavoriteList?questionId=q1',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My questions' })).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/qa/me/questions')[0]!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy();
  });

  it('lists my answers (adopted marked) and my answer replies with links to their questions', async () => {
    renderApp('/user/control/answerList', {
      routes: {
        'GET /api/qa/me/answers': () =>
          json(200, page([answer({ adopted: true, replyCount: 3, content: '<p>Use <b>Arc</b> here</p>' })])),
      },
    });
    const row = (await screen.findByText('Use Arc here')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Adopted answer')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open the question' }).getAttribute('href')).toBe(
      '/question?questionId=q1',
    );
  });

  it('lists my answer replies (zh)', async () => {
    renderApp('/user/control/answerReplyList', {
      language: 'zh',
      routes: { 'GET /api/qa/me/answer-replies': () => json(200, page([reply({ content: '<p>谢谢</p>' })])) },
    });
    const row = (await screen.findByText('谢谢')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: '查看问题' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '我的答案回复' })).toBeTruthy();
  });

  it('lists who favourited my question, and without a question the questions I favourited', async () => {
    const { unmount } = renderApp('/user/control/questionFavoriteList?questionId=q1', {
      routes: {
        'GET /api/qa/questions/q1/favouriters': () =>
          json(
            200,
            page([
              { member: bob, at: '2026-11-20T08:00:00.000Z' },
              { member: cat, at: null },
            ]),
          ),
      },
    });
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(screen.getByText('Cat')).toBeTruthy();
    unmount();

    renderApp('/user/control/questionFavoriteList', {
      routes: {
        'GET /api/qa/me/favourites': () =>
          json(200, page([questionRow({ title: 'Saved question', asker: bob, resolved: true })])),
      },
    });
    const row = (await screen.findByRole('link', { name: 'Saved question' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bob')).toBeTruthy();
    expect(within(row).getByText('Resolved')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Questions I favourited' })).toBeTruthy();
  });

  it('says when a list is empty', async () => {
    renderApp('/user/control/answerList', { routes: { 'GET /api/qa/me/answers': () => json(200, page([])) } });
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });
});

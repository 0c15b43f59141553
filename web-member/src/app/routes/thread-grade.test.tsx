import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hiddenBlock, page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { wallet } from '@/features/wallet/testing/wallet-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** A topic with one grade-locked block (hide type 30) whose requirement is what the API answers. */
function gradeLocked(requirement: string, needPoints: number | null) {
  return topicDetail({
    content: '<p>Intro</p><hide type="30" index="0"></hide>',
    hiddenBlocks: [hiddenBlock({ index: 0, type: 30, unlocked: false, requirement, needPoints })],
    hideTagTypeMap: { '30': false },
  });
}

function routes(requirement: string, points = wallet.points, needPoints: number | null = null) {
  return {
    'GET /api/forum/topics/t1': () => json(200, gradeLocked(requirement, needPoints)),
    'GET /api/forum/topics/t1/comments': () => json(200, page([])),
    'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
    'GET /api/wallet/me': () => json(200, { ...wallet, points }),
  };
}

function logIn() {
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('/thread grade-locked content', () => {
  it('names the points a block needs and how many the reader still lacks (zh)', async () => {
    logIn();
    renderApp('/thread?topicId=t1', { language: 'zh', routes: routes('500', 120) });
    expect(await screen.findByText('积分达到 500 可见。')).toBeTruthy();
    expect(await screen.findByText('你现有 120 积分，还差 380 积分。')).toBeTruthy();
  }, 40_000);

  it('names the grade with the points it takes, and how many the reader still lacks', async () => {
    logIn();
    renderApp('/thread?topicId=t1', { routes: routes('Veteran', 42, 300) });
    expect(await screen.findByText('Visible to members with 300 points or more (grade “Veteran”).')).toBeTruthy();
    expect(await screen.findByText('You have 42 points: 258 more points are needed.')).toBeTruthy();
  }, 40_000);

  it('from a server that sends only the grade name, says a grade is reached with points', async () => {
    logIn();
    renderApp('/thread?topicId=t1', { routes: routes('Veteran') });
    expect(await screen.findByText('Visible to members whose points reach the grade “Veteran”.')).toBeTruthy();
    expect(await screen.findByText('You have 42 points.')).toBeTruthy();
  }, 40_000);

  it('asks a visitor to log in to compare their points', async () => {
    renderApp('/thread?topicId=t1', { routes: routes('500') });
    expect(await screen.findByText('Visible with 500 points or more.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to compare your points.' })).toBeTruthy();
  }, 40_000);
});

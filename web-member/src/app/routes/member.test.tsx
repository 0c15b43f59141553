import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

const page = (items: object[], total = items.length) => ({ items, page: 1, pageSize: 20, total, totalPages: 1 });
const profile = (overrides: object = {}) => ({
  id: BOB,
  nickname: 'Bob',
  avatarUrl: null,
  cancelled: false,
  isStaff: true,
  allowUserDynamic: true,
  registeredAt: '2025-01-01T08:00:00.000Z',
  followerCount: 3,
  followingCount: 1,
  followedByMe: false,
  ...overrides,
});
const topic = {
  topicId: 't1',
  title: "Bob's first topic",
  tags: [{ tagId: 'g', name: 'General' }],
  postedAt: '2025-02-01T08:00:00.000Z',
};

function bobRoutes(state: { following: boolean; dynamicsShown?: boolean }) {
  return {
    'GET /api/identity/members/22222222-2222-4222-8222-222222222222': () =>
      json(
        200,
        profile({
          followedByMe: state.following,
          followerCount: state.following ? 4 : 3,
          allowUserDynamic: state.dynamicsShown ?? true,
        }),
      ),
    'GET /api/forum/members/22222222-2222-4222-8222-222222222222/dynamics': () =>
      json(200, {
        ...page([
          {
            kind: 'topic',
            topicId: 't1',
            topicTitle: topic.title,
            commentId: null,
            replyId: null,
            summary: 's',
            at: topic.postedAt,
          },
        ]),
        shown: true,
      }),
    'GET /api/forum/members/22222222-2222-4222-8222-222222222222/topics': () => json(200, page([topic], 7)),
    'GET /api/wallet/members/22222222-2222-4222-8222-222222222222/grade': () => json(200, { grade: 'Regular' }),
    'GET /api/qa/members/22222222-2222-4222-8222-222222222222/questions': () => json(200, page([], 2)),
    'GET /api/qa/members/22222222-2222-4222-8222-222222222222/answers': () => json(200, page([], 5)),
    'PUT /api/identity/follows/22222222-2222-4222-8222-222222222222': () => {
      state.following = true;
      return new Response(null, { status: 204 });
    },
  };
}

const countOf = (key: string) => document.querySelector(`[data-count="${key}"] dd`)?.textContent;

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: ANN, account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member page', () => {
  it('shows who the member is with their counts; following turns the button and counts the follower', async () => {
    const user = userEvent.setup();
    const state = { following: false };
    const { network } = renderApp(`/user/${BOB}`, { routes: bobRoutes(state) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('BobStaff');
    await waitFor(() => expect(countOf('topics')).toBe('7'));
    expect(await screen.findByText('Grade: Regular')).toBeTruthy();
    expect([countOf('followers'), countOf('following'), countOf('questions'), countOf('answers')]).toEqual([
      '3',
      '1',
      '2',
      '5',
    ]);
    expect(screen.getByRole('link', { name: 'Send Bob a private message' }).getAttribute('href')).toBe(
      `/user/control/privateMessageChatList?memberId=${BOB}`,
    );
    const tabs = screen.getByRole('navigation', { name: "The member's posts" });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dynamics', 'Topics', 'Questions', 'Answers']);

    await user.click(screen.getByRole('button', { name: 'Follow Bob' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Bob' })).toBeTruthy();
    await waitFor(() => expect(countOf('followers')).toBe('4'));
    expect(callsTo(network.sent, 'PUT', `/api/identity/follows/${BOB}`)).toHaveLength(1);

    await user.click(within(tabs).getByRole('link', { name: 'Topics' }));
    expect(await screen.findByRole('link', { name: "Bob's first topic" })).toBeTruthy();
  });

  it('leaves the dynamics out when the member hides them (zh)', async () => {
    const { network } = renderApp(`/user/${BOB}?tab=dynamics`, {
      language: 'zh',
      routes: bobRoutes({ following: false, dynamicsShown: false }),
    });
    const tabs = await screen.findByRole('navigation', { name: '该用户发表的内容' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['话题', '问题', '回答']);
    expect(within(tabs).getByRole('link', { name: '话题' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '给 Bob 发私信' })).toBeTruthy();
    expect(callsTo(network.sent, 'GET', `/api/forum/members/${BOB}/dynamics`)).toHaveLength(0);
  });

  it('says so when the member does not exist', async () => {
    renderApp(`/user/${BOB}`, {
      routes: {
        [`GET /api/identity/members/${BOB}`]: () =>
          json(404, { code: 'identity.member_not_found', message: 'No such member' }),
      },
    });
    expect(await screen.findByText('This member does not exist.')).toBeTruthy();
  });

  it('offers my own page an edit link instead of follow and message', async () => {
    renderApp(`/user/${ANN}`, {
      routes: {
        [`GET /api/identity/members/${ANN}`]: () => json(200, profile({ id: ANN, nickname: 'Ann', isStaff: false })),
      },
    });
    expect(await screen.findByRole('link', { name: 'Edit my profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });
});

describe('author names', () => {
  it('link to the member page from the chat, which names the other member', async () => {
    renderApp(`/user/control/privateMessageChatList?memberId=${BOB}`, {
      routes: {
        ...bobRoutes({ following: false }),
        [`GET /api/messaging/conversations/${BOB}/messages`]: () => json(200, page([])),
        'GET /api/messaging/blocks': () => json(200, page([])),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation with Bob' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/user/${BOB}`);
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
  });
});

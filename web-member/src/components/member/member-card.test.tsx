import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderWithProviders } from '@/testing/render';
import { renderApp } from '@/testing/render-app';
import { questionRow } from '@/features/questions/testing/qa-fixtures';
import { gone, page as pageOf, topicRow } from '@/features/topics/testing/forum-fixtures';
import type { Language } from '@/lib/language';
import { AuthorName } from './author-name';

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const page = (total: number) => ({ items: [], page: 1, pageSize: 20, total, totalPages: 1 });

function bobNetwork(state = { following: false }) {
  const network = fakeFetch({
    [`GET /api/identity/members/${BOB}`]: () =>
      json(200, {
        id: BOB,
        nickname: 'Bob',
        avatarUrl: '/avatars/bob.png',
        cancelled: false,
        isStaff: true,
        allowUserDynamic: true,
        registeredAt: '2025-01-01T08:00:00.000Z',
        followerCount: state.following ? 4 : 3,
        followingCount: 1,
        followedByMe: state.following,
      }),
    [`GET /api/wallet/members/${BOB}/grade`]: () => json(200, { grade: 'Veteran' }),
    [`GET /api/forum/members/${BOB}/topics`]: () => json(200, page(7)),
    [`GET /api/qa/members/${BOB}/questions`]: () => json(200, page(2)),
    [`PUT /api/identity/follows/${BOB}`]: () => {
      state.following = true;
      return new Response(null, { status: 204 });
    },
  });
  vi.stubGlobal('fetch', network.fetch);
  return network;
}

const bob = { memberId: BOB, nickname: 'Bob', avatarUrl: '/avatars/bob.png', cancelled: false };

function renderName(language: Language = 'en') {
  return renderWithProviders(
    <p>
      <button type="button">before</button> <AuthorName author={bob} avatar /> wrote this{' '}
      <button type="button">after</button>
    </p>,
    { language, routes: [{ path: '/user/:memberId', element: <h1>member page</h1> }] },
  );
}

const count = (card: HTMLElement, key: string) =>
  card.querySelector(`[data-count="${key}"] strong`)?.textContent ?? null;

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: ANN, account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('author name and avatar', () => {
  it('link to the member page; the avatar is the nickname in its alt text', () => {
    bobNetwork();
    renderName();
    expect(screen.getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/user/${BOB}`);
    const avatar = document.querySelector('img.avatar');
    expect(avatar?.getAttribute('alt')).toBe('Bob');
    expect(avatar?.closest('a')?.getAttribute('href')).toBe(`/user/${BOB}`);
  });

  it('a cancelled account is no link and has no card', async () => {
    const network = bobNetwork();
    const user = userEvent.setup();
    renderWithProviders(<AuthorName author={{ memberId: BOB, nickname: null, cancelled: true }} avatar />);
    expect(screen.queryByRole('link')).toBeNull();
    await user.hover(screen.getByText('This user account has been cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.sent).toHaveLength(0);
  });
});

describe('member card', () => {
  it('opens when the mouse rests on the name, fetched only then, and closes when it leaves', async () => {
    const network = bobNetwork();
    const user = userEvent.setup();
    renderName();
    expect(network.sent).toHaveLength(0);

    const name = screen.getByRole('link', { name: 'Bob' });
    await user.hover(name);
    const card = await screen.findByRole('dialog', { name: /Bob/ });
    expect(await within(card).findByText('Grade: Veteran')).toBeTruthy();
    expect(within(card).getByText('Staff')).toBeTruthy();
    await waitFor(() => expect(count(card, 'topics')).toBe('7'));
    expect([count(card, 'questions'), count(card, 'followers'), count(card, 'following')]).toEqual(['2', '3', '1']);
    expect(within(card).getByRole('link', { name: 'Send Bob a private message' }).getAttribute('href')).toBe(
      `/user/control/privateMessageChatList?memberId=${BOB}`,
    );
    expect(within(card).getByRole('link', { name: 'View page' }).getAttribute('href')).toBe(`/user/${BOB}`);

    await user.unhover(name);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows from the card: the button turns and the follower count goes up', async () => {
    const network = bobNetwork();
    const user = userEvent.setup();
    renderName();
    await user.hover(screen.getByRole('link', { name: 'Bob' }));
    const card = await screen.findByRole('dialog', { name: /Bob/ });
    await user.click(await within(card).findByRole('button', { name: 'Follow Bob' }));
    expect(await within(card).findByRole('button', { name: 'Unfollow Bob' })).toBeTruthy();
    await waitFor(() => expect(count(card, 'followers')).toBe('4'));
    expect(callsTo(network.sent, 'PUT', `/api/identity/follows/${BOB}`)).toHaveLength(1);
  });

  it('opens on keyboard focus, Tab walks into it, and Escape closes it with focus back on the name', async () => {
    bobNetwork();
    const user = userEvent.setup();
    renderName();
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    const name = screen.getByRole('link', { name: 'Bob' });
    expect(document.activeElement).toBe(name);
    const card = await screen.findByRole('dialog', { name: /Bob/ });
    await within(card).findByRole('button', { name: 'Follow Bob' });

    await user.tab();
    expect(card.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(name);
  });

  it('closes when Tab leaves it, not while a button of it is busy', async () => {
    bobNetwork();
    const user = userEvent.setup();
    renderName();
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    const card = await screen.findByRole('dialog', { name: /Bob/ });
    const follow = await within(card).findByRole('button', { name: 'Follow Bob' });
    follow.focus();
    // A disabled button drops its focus to nowhere (relatedTarget null): the card stays.
    fireEvent.blur(follow, { relatedTarget: null });
    expect(screen.getByRole('dialog')).toBeTruthy();
    const after = screen.getByRole('button', { name: 'after' });
    for (let step = 0; step < 6 && document.activeElement !== after; step += 1) await user.tab();
    expect(document.activeElement).toBe(after);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on a touch screen a first tap shows the card instead of leaving; its link opens the page (zh)', async () => {
    bobNetwork();
    const user = userEvent.setup();
    const { router } = renderName('zh');
    const name = screen.getByRole('link', { name: 'Bob' });
    await user.pointer([{ keys: '[TouchA]', target: name }]);
    const card = await screen.findByRole('dialog', { name: /Bob/ });
    expect(router.state.location.pathname).toBe('/');
    expect(await within(card).findByText('等级：Veteran')).toBeTruthy();
    await user.click(within(card).getByRole('link', { name: '查看主页' }));
    expect(router.state.location.pathname).toBe(`/user/${BOB}`);
  });

  it('a tap elsewhere closes it', async () => {
    bobNetwork();
    const user = userEvent.setup();
    renderName();
    await user.pointer([{ keys: '[TouchA]', target: screen.getByRole('link', { name: 'Bob' }) }]);
    await screen.findByRole('dialog', { name: /Bob/ });
    await user.pointer([{ keys: '[TouchA]', target: screen.getByText(/wrote this/) }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('lists link every author by avatar and name', () => {
  const withPicture = { memberId: BOB, nickname: 'Bob', avatarUrl: '/avatars/bob.png', cancelled: false };

  it('topic list: a small avatar (the nickname as alt) and the name, both to the member page', async () => {
    renderApp('/', {
      routes: {
        'GET /api/forum/topics': () =>
          json(
            200,
            pageOf([
              topicRow({ topicId: 't1', title: 'Hello', author: withPicture }),
              topicRow({ topicId: 't2', title: 'Gone', author: gone }),
            ]),
          ),
        'GET /api/forum/tags': () => json(200, { items: [] }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Newest topics' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/user/${BOB}`);
    const avatar = first!.querySelector('img.avatar');
    expect([avatar?.getAttribute('alt'), avatar?.closest('a')?.getAttribute('href')]).toEqual(['Bob', `/user/${BOB}`]);
    expect(within(second!).queryByRole('link', { name: /cancelled/ })).toBeNull();
  });

  it('question list: the asker by avatar and name', async () => {
    renderApp('/askList', {
      routes: {
        'GET /api/qa/questions': () =>
          json(
            200,
            pageOf([questionRow({ questionId: 'q1', title: 'Why?', asker: { ...withPicture, isStaff: false } })]),
          ),
      },
    });
    await screen.findByRole('link', { name: 'Why?' });
    expect(screen.getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/user/${BOB}`);
    expect(document.querySelector('img.avatar')?.getAttribute('alt')).toBe('Bob');
  });
});

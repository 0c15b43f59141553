import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FollowButton } from '@/features/social/components/follow-button';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const page = (items: object[], extra: object = {}) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  ...extra,
});
const bob = {
  memberId: 'm2',
  nickname: 'Bob',
  avatarUrl: null,
  cancelled: false,
  followedAt: '2025-02-01T08:00:00.000Z',
};
const gone = {
  memberId: 'm3',
  nickname: null,
  avatarUrl: null,
  cancelled: true,
  followedAt: '2025-01-01T08:00:00.000Z',
};

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('follow lists', () => {
  it('lists whom I follow, page by page, and unfollowing removes the row', async () => {
    const user = userEvent.setup();
    let following = [bob, gone];
    const { network } = renderApp('/user/control/followList', {
      routes: {
        'GET /api/identity/members/m1/following': () => json(200, page(following)),
        'DELETE /api/identity/follows/m2': () => {
          following = [gone];
          return new Response(null, { status: 204 });
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Following' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.member-list__name')?.textContent)).toEqual([
      'Bob',
      'This user account has been cancelled',
    ]);
    const call = callsTo(network.sent, 'GET', '/api/identity/members/m1/following')[0]!;
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(call.url.searchParams.get('pageSize')).toBe('20');

    await user.click(within(list).getByRole('button', { name: 'Unfollow Bob' }));
    expect(await screen.findByText('You no longer follow Bob.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(network.sent, 'DELETE', '/api/identity/follows/m2')).toHaveLength(1);
  });

  it('lists my followers (zh) with the page in the URL', async () => {
    const { network } = renderApp('/user/control/followerList?page=2', {
      language: 'zh',
      routes: {
        'GET /api/identity/members/m1/followers': () => json(200, page([bob], { page: 2, total: 21, totalPages: 2 })),
      },
    });
    const list = await screen.findByRole('list', { name: '我的粉丝' });
    expect(within(list).getByText('Bob')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.getByText('共 21 位会员')).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/identity/members/m1/followers')[0]!.url.searchParams.get('page')).toBe(
      '2',
    );
  });

  it('shows an empty list and a failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderApp('/user/control/followList', {
      routes: {
        'GET /api/identity/members/m1/following': () =>
          fail ? json(500, { code: 'common.internal', message: 'Server error' }) : json(200, page([])),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The list could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You do not follow anyone yet.')).toBeTruthy();
  });
});

describe('FollowButton', () => {
  it('reads whether I follow the member, and toggles with PUT and DELETE', async () => {
    const user = userEvent.setup();
    let followed = false;
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://forum.test');
      sent.push(`${init.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/identity/members/m2')
        return json(200, {
          id: 'm2',
          nickname: 'Bob',
          avatarUrl: null,
          cancelled: false,
          isStaff: false,
          followerCount: 1,
          followingCount: 0,
          followedByMe: followed,
        });
      followed = init.method === 'PUT';
      return new Response(null, { status: 204 });
    });
    renderWithProviders(<FollowButton memberId="m2" name="Bob" />);
    await user.click(await screen.findByRole('button', { name: 'Follow Bob' }));
    const unfollow = await screen.findByRole('button', { name: 'Unfollow Bob' });
    expect(unfollow.getAttribute('aria-pressed')).toBe('true');
    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: 'Follow Bob' })).toBeTruthy();
    expect(sent).toEqual(expect.arrayContaining(['PUT /api/identity/follows/m2', 'DELETE /api/identity/follows/m2']));
  });

  it('is not offered on my own entries', () => {
    renderWithProviders(<FollowButton memberId="m1" name="Ann" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gone, page, topicRow } from '@/features/topics/testing/forum-fixtures';
import { appState, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const tags = {
  items: [
    {
      tagId: 'lang',
      name: 'Languages',
      parentId: null,
      sort: 0,
      leaf: false,
      children: [{ tagId: 'tag-a', name: 'Rust', parentId: 'lang', sort: 0, leaf: true, children: [] }],
    },
  ],
};

const rows = [
  topicRow({
    topicId: 'p1',
    title: 'Read the rules',
    pinned: true,
    pinWeight: 9,
    isStaff: true,
    author: { memberId: 's1', nickname: 'Mod', avatarUrl: null, cancelled: false },
  }),
  topicRow({ topicId: 't2', title: 'Secret stuff', hideTagTypeMap: { '10': false, '20': true }, author: gone }),
  topicRow({ topicId: 't3', title: 'Plain', essence: true }),
];

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('home topic list', () => {
  it('shows pinned topics first with counts, authors, staff badge and hidden-content icons', async () => {
    const { network } = renderApp('/', {
      routes: {
        'GET /api/forum/topics': () => json(200, page(rows)),
        'GET /api/forum/tags': () => json(200, tags),
      },
    });
    const list = await screen.findByRole('list', { name: 'Newest topics' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      expect.stringContaining('Read the rules'),
      expect.stringContaining('Secret stuff'),
      expect.stringContaining('Plain'),
    ]);
    expect(within(items[0]!).getByText('Pinned')).toBeTruthy();
    expect(within(items[0]!).getByText('Staff')).toBeTruthy();
    expect(within(items[0]!).getByText('Reads 50')).toBeTruthy();
    expect(within(items[0]!).getByText('Comments 2')).toBeTruthy();
    expect(within(items[0]!).getByText('Favourites 4')).toBeTruthy();
    expect(within(items[1]!).getByText('This user account has been cancelled')).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: 'Hidden content: password' })).toBeTruthy();
    expect(within(items[1]!).getByRole('img', { name: 'Hidden content: comment (unlocked)' })).toBeTruthy();
    expect(within(items[2]!).getByText('Essence')).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/forum/topics')[0]!.url.searchParams.get('filter')).toBeNull();
  });

  it('switches to essence and hot and filters by a tag of the tree', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/', {
      routes: {
        'GET /api/forum/topics': () => json(200, page(rows)),
        'GET /api/forum/tags': () => json(200, tags),
      },
    });
    await screen.findByRole('list', { name: 'Newest topics' });
    await user.click(screen.getByRole('link', { name: 'Essence' }));
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/forum/topics').at(-1)!.url.searchParams.get('filter')).toBe('essence'),
    );
    expect(screen.getByRole('link', { name: 'Essence' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('option', { name: /Rust/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'tag-a');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=essence&tagId=tag-a'));
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/forum/topics').at(-1)!.url.searchParams.get('tagId')).toBe('tag-a'),
    );
    await user.click(screen.getByRole('link', { name: 'Hot' }));
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/forum/topics').at(-1)!.url.searchParams.get('filter')).toBe('hot'),
    );
  });

  it('reads in Chinese', async () => {
    renderApp('/', {
      language: 'zh',
      routes: { 'GET /api/forum/topics': () => json(200, page(rows)), 'GET /api/forum/tags': () => json(200, tags) },
    });
    await screen.findByText('Read the rules');
    expect(screen.getByText('置顶')).toBeTruthy();
    expect(screen.getByText('此用户账号已注销')).toBeTruthy();
    expect(screen.getByRole('img', { name: '隐藏内容：密码' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '精华' })).toBeTruthy();
  });
});

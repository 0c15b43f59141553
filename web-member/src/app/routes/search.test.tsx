import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const page = (items: object[], total = items.length) => ({ items, page: 1, pageSize: 20, total, totalPages: 1 });
const hit = {
  kind: 'topic',
  id: 't1',
  title: '如何给<mark>钱包</mark>充值',
  snippet: '&lt;img src=x onerror=alert(1)&gt; 在<mark>钱包</mark>页面…',
  tagIds: [],
  createdAt: '2026-11-21T08:00:00.000Z',
  author: { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false, isStaff: false },
  link: '/thread?topicId=t1',
};

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('search page', () => {
  it('shows highlighted results as text with marks only, linked to the content', async () => {
    const { network } = renderApp('/search?keyword=钱包', {
      routes: {
        'GET /api/search': () => json(200, page([hit])),
        'GET /api/search/hot-terms': () => json(200, { terms: [{ term: '红包', count: 3 }] }),
      },
    });
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 5000 });
    const [row] = within(results).getAllByRole('listitem');
    const link = within(row!).getByRole('link', { name: '如何给钱包充值' });
    expect(link.getAttribute('href')).toBe('/thread?topicId=t1');
    expect(within(row!).getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/user/m1');
    expect([...row!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['钱包', '钱包']);
    expect(row!.querySelector('img')).toBeNull();
    expect(row!.textContent).toContain('<img src=x onerror=alert(1)> 在钱包页面');
    expect(callsTo(network.sent, 'GET', '/api/search')[0]?.url.searchParams.get('keyword')).toBe('钱包');
    expect(await screen.findByRole('link', { name: '红包' })).toBeTruthy();
  });

  it('asks again with the chosen type and says when nothing was found', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/search?keyword=kafka', {
      routes: {
        'GET /api/search': () => json(200, page([])),
        'GET /api/search/hot-terms': () => json(200, { terms: [] }),
      },
    });
    expect(await screen.findByText('Nothing found for “kafka”.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type'), 'question');
    await waitFor(() =>
      expect(
        callsTo(network.sent, 'GET', '/api/search').some((call) => call.url.searchParams.get('type') === 'question'),
      ).toBe(true),
    );
  });

  it('does not search without a keyword', async () => {
    const { network } = renderApp('/search', {
      routes: { 'GET /api/search/hot-terms': () => json(200, { terms: [] }) },
    });
    expect(await screen.findByText('Type a word or two, in Chinese or English.')).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/search')).toHaveLength(0);
  });

  it('offers the tags of the chosen type and narrows the search to one', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/search?keyword=kafka&type=question', {
      routes: {
        'GET /api/search': () => json(200, page([])),
        'GET /api/search/hot-terms': () => json(200, { terms: [] }),
        'GET /api/qa/tags': () =>
          json(200, {
            items: [{ tagId: 'q1', name: '数据库', parentId: null, sort: 0, leaf: true, children: [] }],
          }),
      },
    });
    await user.selectOptions(await screen.findByLabelText('Tag'), 'q1');
    await waitFor(() => {
      const asked = callsTo(network.sent, 'GET', '/api/search').map((call) => call.url.searchParams);
      expect(asked.some((params) => params.get('type') === 'question' && params.get('tagId') === 'q1')).toBe(true);
    });
    // Another type has other tags: the tag filter is cleared.
    await user.selectOptions(screen.getByLabelText('Type'), 'help');
    await waitFor(() => expect(screen.queryByLabelText('Tag')).toBeNull());
    const last = callsTo(network.sent, 'GET', '/api/search').at(-1)!.url.searchParams;
    expect([last.get('type'), last.get('tagId')]).toEqual(['help', null]);
  });
});

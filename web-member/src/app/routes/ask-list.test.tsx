import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qaTags, questionRow } from '@/features/questions/testing/qa-fixtures';
import { page } from '@/features/topics/testing/forum-fixtures';
import { appState, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

const questions = [
  questionRow({
    questionId: 'q1',
    title: 'Cash question',
    rewardAmount: 1250,
    bounty: { amount: 1250, points: 0, status: 'held' },
  }),
  questionRow({
    questionId: 'q2',
    title: 'Points question',
    rewardPoints: 40,
    bounty: { amount: 0, points: 40, status: 'awarded' },
    resolved: true,
    answerCount: 3,
  }),
  questionRow({ questionId: 'q3', title: 'Plain question' }),
];

describe('/askList', () => {
  it('lists questions with their bounty (yuan from fen, points), state and counts, and links to each', async () => {
    renderApp('/askList', {
      routes: {
        'GET /api/qa/questions': () => json(200, page(questions)),
        'GET /api/qa/tags': () => json(200, qaTags),
      },
    });
    const list = await screen.findByRole('list', { name: 'Questions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Cash ¥12.50')).toBeTruthy();
    expect(within(rows[0]!).getByText('Unresolved')).toBeTruthy();
    expect(within(rows[1]!).getByText('40 points')).toBeTruthy();
    expect(within(rows[1]!).getByText('Awarded')).toBeTruthy();
    expect(within(rows[1]!).getByText('Resolved')).toBeTruthy();
    expect(within(rows[1]!).getByText('Answers 3')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/Cash|points/)).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Cash question' }).getAttribute('href')).toBe(
      '/question?questionId=q1',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Rust' }).getAttribute('href')).toBe('/askList?tagId=rust');
    expect(screen.getByRole('link', { name: 'Ask a question' }).getAttribute('href')).toBe('/addQuestion');
  });

  it('offers the six filters and a tag, kept in the URL and sent to the server; pages through', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/askList', {
      routes: {
        'GET /api/qa/questions': (request) =>
          json(
            200,
            page(questions.slice(0, 1), {
              page: Number(request.url.searchParams.get('page')),
              total: 21,
              totalPages: 2,
            }),
          ),
        'GET /api/qa/tags': () => json(200, qaTags),
      },
    });
    const tabs = await screen.findByRole('navigation', { name: 'Question filters' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All', 'Latest', 'Unresolved', 'Resolved', 'Points reward', 'Cash reward']);
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(tabs).getByRole('link', { name: 'Cash reward' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=cashReward'));
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/qa/questions').at(-1)!.url.searchParams.get('filter')).toBe(
        'cashReward',
      ),
    );
    await screen.findByRole('option', { name: /Go/ });
    await user.selectOptions(screen.getByLabelText('Tag'), 'go');
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/qa/questions').at(-1)!.url.searchParams.get('tagId')).toBe('go'),
    );
    expect(router.state.location.search).toBe('?filter=cashReward&tagId=go');

    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(callsTo(network.sent, 'GET', '/api/qa/questions').at(-1)!.url.searchParams.get('page')).toBe('2'),
    );
    const last = callsTo(network.sent, 'GET', '/api/qa/questions').at(-1)!.url.searchParams;
    expect(last.get('filter')).toBe('cashReward');
    expect(last.get('tagId')).toBe('go');
  });

  it('shows the filters in Chinese and an empty list', async () => {
    renderApp('/askList?filter=unresolved', { language: 'zh' });
    const tabs = await screen.findByRole('navigation', { name: '问题筛选' });
    expect(within(tabs).getByRole('link', { name: '未解决' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: '现金悬赏' })).toBeTruthy();
    expect(await screen.findByText('这里还没有问题。')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportButton } from '@/features/moderation/components/report-button';
import { toaster } from '@/components/ui/toast-store';
import { json } from '@/testing/fake-fetch';
import { fakeFetch } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

/** Lazy screens load slowly on a busy machine. */
const slow = { timeout: 15_000 };
const page = (items: object[]) => ({ items, page: 1, pageSize: 20, total: items.length, totalPages: 1 });
const at = '2026-01-02T08:00:00.000Z';
const report = (status: number, extra: object = {}) => ({
  id: `r${status}`,
  status,
  typeName: 'Spam',
  reason: 'ads',
  imageUrls: [],
  filedAt: at,
  result: null,
  resolvedAt: null,
  content: { kind: 'topic', contentId: 't1', topicId: 't1', excerpt: 'Cheap watches', deleted: false },
  ...extra,
});

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my reports (reportList)', { timeout: 30_000 }, () => {
  it.each([
    ['en', 'Complaint successful', 'Result: Removed, thank you.', 'Pending (deleted by me)'],
    ['zh', '投诉成功', '处理结果: Removed, thank you.', '待处理（我已删除）'],
  ] as const)(
    'shows the status codes, the result and deletes a report (%s)',
    async (language, success, result, marked) => {
      const user = userEvent.setup();
      let rows = [
        report(50, { result: 'Removed, thank you.', resolvedAt: at }),
        report(10),
        report(1010, { id: 'gone' }),
      ];
      const { network } = renderApp('/user/control/reportList', {
        language,
        routes: {
          'GET /api/moderation/reports/mine': () => json(200, page(rows)),
          'DELETE /api/moderation/reports/r10': () => {
            rows = rows.filter((row) => row.id !== 'r10');
            return json(200, { visible: true });
          },
        },
      });
      const list = await screen.findByRole('list', { name: language === 'en' ? 'My reports' : '我的举报' }, slow);
      const items = within(list).getAllByRole('listitem');
      expect(within(items[0]!).getByText(success)).toBeTruthy();
      expect(within(items[0]!).getByText(result)).toBeTruthy();
      expect(within(items[0]!).getByRole('link', { name: 'Cheap watches' }).getAttribute('href')).toBe(
        '/thread?topicId=t1',
      );
      expect(within(items[2]!).getByText(marked)).toBeTruthy();
      // A report the member deleted keeps its row without a delete button.
      expect(within(items[2]!).queryByRole('button')).toBeNull();

      const deleteLabel = language === 'en' ? 'Delete' : '删除';
      await user.click(within(items[1]!).getByRole('button', { name: deleteLabel }));
      const confirm = within(items[1]!).getByRole('group');
      await user.click(within(confirm).getByRole('button', { name: deleteLabel }));
      await waitFor(() => expect(callsTo(network.sent, 'DELETE', '/api/moderation/reports/r10')).toHaveLength(1));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    },
  );
});

describe('report dialog', { timeout: 30_000 }, () => {
  const types = {
    items: [
      {
        id: 'abuse',
        name: 'Abuse',
        parentId: null,
        reasonRequired: false,
        children: [{ id: 'spam', name: 'Spam', parentId: 'abuse', reasonRequired: false, children: [] }],
      },
      { id: 'other', name: 'Other', parentId: null, reasonRequired: true, children: [] },
    ],
    maxImages: 2,
  };

  it('offers the leaf types, asks a reason where required, and files the report', async () => {
    const user = userEvent.setup();
    const network = fakeFetch({
      'GET /api/moderation/report-types': () => json(200, types),
      'POST /api/moderation/reports': () => json(201, { reportId: 'r1', visible: true }),
    });
    vi.stubGlobal('fetch', network.fetch);
    renderWithProviders(<ReportButton kind="comment" contentId="c1" />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this content' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Other' }));
    expect(within(dialog).getByRole('radio', { name: 'Abuse / Spam' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(within(dialog).getByText('This report type needs a reason')).toBeTruthy();
    expect(callsTo(network.sent, 'POST', '/api/moderation/reports')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = callsTo(network.sent, 'POST', '/api/moderation/reports');
    expect(JSON.parse(sent!.body!)).toEqual({
      kind: 'comment',
      contentId: 'c1',
      typeId: 'other',
      reason: 'off topic',
      imageUrls: [],
    });
  });

  it('is not offered to visitors', () => {
    applySiteInfo({ systemUser: null });
    renderWithProviders(<ReportButton kind="topic" contentId="t1" />);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('stays while reporting is switched off, and says so with the staff message or the standard one', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toaster, 'show');
    applySiteInfo({
      systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' },
      switches: { reporting: { enabled: false, message: 'Reports reopen on Monday.' } },
    });
    const { unmount } = renderWithProviders(<ReportButton kind="topic" contentId="t1" />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'error', message: 'Reports reopen on Monday.' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    applySiteInfo({
      systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' },
      switches: { reporting: { enabled: false, message: '' } },
    });
    renderWithProviders(<ReportButton kind="topic" contentId="t1" />, { language: 'zh' });
    await user.click(screen.getByRole('button', { name: '举报' }));
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'error', message: '举报功能暂时关闭。' }));
  });
});

describe('content pages', { timeout: 30_000 }, () => {
  it('searches the help center and opens an article', async () => {
    const user = userEvent.setup();
    const article = { id: 'a1', categoryId: 'c1', title: 'How to post', content: 'First.\n\nSecond.', updatedAt: at };
    const { network } = renderApp('/help', {
      routes: {
        'GET /api/moderation/help/categories': () =>
          json(200, {
            items: [
              { id: 'c1', name: 'Posting', articleCount: 1 },
              { id: 'c2', name: 'Wallet', articleCount: 2 },
            ],
          }),
        'GET /api/moderation/help/articles': () => json(200, page([article])),
        'GET /api/moderation/help/articles/a1': () => json(200, article),
      },
    });
    expect(await screen.findByRole('link', { name: 'Posting (1)' }, slow)).toBeTruthy();
    const categories = screen.getByRole('navigation', { name: 'Help categories' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['All', 'Posting (1)', 'Wallet (2)']);
    expect(within(categories).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    const search = screen.getByRole('search', { name: 'Search the help center' });
    await user.type(within(search).getByRole('textbox'), 'post');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        callsTo(network.sent, 'GET', '/api/moderation/help/articles').some(
          (call) => call.url.searchParams.get('q') === 'post',
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('link', { name: 'How to post' }));
    expect(await screen.findByRole('heading', { name: 'How to post' }, slow)).toBeTruthy();
    expect(screen.getByText('Second.')).toBeTruthy();
  });

  it('shows the terms of service in paragraphs', async () => {
    renderApp('/termsService', {
      language: 'zh',
      routes: { 'GET /api/moderation/terms': () => json(200, { content: '第一条。\n\n第二条。' }) },
    });
    expect(await screen.findByText('第二条。', {}, slow)).toBeTruthy();
  });

  it('validates the online message (name 1–30, contact, content 1–1000) and sends it', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/feedback', {
      routes: { 'POST /api/moderation/feedback': () => json(201, { id: 'f1' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }, slow));
    expect(screen.getByText('Name cannot be empty')).toBeTruthy();
    expect(screen.getByText('Contact details cannot be empty')).toBeTruthy();
    expect(screen.getByText('Content cannot be empty')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Contact' }), 'ann@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Nice site');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you, your message has been sent.')).toBeTruthy();
    expect(callsTo(network.sent, 'POST', '/api/moderation/feedback')).toHaveLength(1);
  });

  it('shows the staff message when online messages are switched off', async () => {
    applySiteInfo({
      systemUser: null,
      switches: { feedback: { enabled: false, message: 'Closed for the holidays' } },
    });
    renderApp('/feedback');
    expect(await screen.findByText('Closed for the holidays', {}, slow)).toBeTruthy();
  });
});

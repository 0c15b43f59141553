import type { ReactNode } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import type { RenderAdminOptions } from '../../testing/render-admin';
import { feedbackApi, reportsApi, visitsApi } from './moderation-api';
import { FeedbackInbox } from './FeedbackInbox';
import { ReportQueue } from './ReportQueue';
import { VisitChart } from './VisitChart';

afterEach(cleanup);

/** The data table renders slowly on a busy machine. */
const slow = { timeout: 15_000 };

/** A moderation screen over the fake API, with the console's data provider as in main.tsx. */
function renderModeration(page: ReactNode, options: RenderAdminOptions) {
  return renderAdmin(page, {
    ...options,
    resources: { reports: reportsApi, feedback: feedbackApi, visits: visitsApi },
  });
}

const report = (id: string, status: number, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  typeName: 'Spam',
  reason: 'ads everywhere',
  imageUrls: [],
  filedAt: '2026-11-21T10:00:00.000Z',
  result: null,
  remark: null,
  resolvedAt: null,
  reporter: { id: 'm1', nickname: 'Ann', account: 'ann' },
  content: { kind: 'topic', contentId: 't1', topicId: 't1', excerpt: 'Cheap watches', deleted: false },
  ...extra,
});

describe('the report queue', { timeout: 90_000 }, () => {
  it('lists pending reports in Chinese, filtered by status on the server', async () => {
    const { sent } = renderModeration(<ReportQueue />, {
      resource: 'reports',
      language: 'zh',
      routes: { 'GET /api/moderation/staff/reports': { json: { items: [report('r1', 10)], total: 1 } } },
    });
    const row = within((await screen.findByText('Cheap watches', {}, slow)).closest('tr')!);
    expect(row.getAllByText('待处理').length).toBeGreaterThan(0);
    expect(row.getByRole('button', { name: '处理' })).toBeTruthy();
    expect(
      sent('GET').some(({ url }) => url.includes('/api/moderation/staff/reports?') && url.includes('status=10')),
    ).toBe(true);
  });

  it('handles a report as successful with a result, a remark and the content deleted', async () => {
    const { sent } = renderModeration(<ReportQueue />, {
      resource: 'reports',
      routes: {
        'GET /api/moderation/staff/reports': { json: { items: [report('r1', 10)], total: 1 } },
        'POST /api/moderation/staff/reports/r1/resolve': { json: { visible: true } },
      },
    });
    const row = within((await screen.findByText('Cheap watches', {}, slow)).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: 'Handle' }));
    const dialog = within(await screen.findByRole('dialog', {}, slow));
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/^Result/), { target: { value: 'Removed, thank you.' } });
    fireEvent.change(dialog.getByLabelText(/^Internal remark/), { target: { value: 'repeat spammer' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({
        url: '/api/moderation/staff/reports/r1/resolve',
        body: {
          outcome: 'successful',
          result: 'Removed, thank you.',
          remark: 'repeat spammer',
          contentAction: 'delete',
        },
      }),
    );
    expect(await screen.findByText('Report handled.')).toBeTruthy();
  });

  it('never acts on the content of a failed complaint', async () => {
    const { sent } = renderModeration(<ReportQueue />, {
      resource: 'reports',
      routes: {
        'GET /api/moderation/staff/reports': { json: { items: [report('r2', 10)], total: 1 } },
        'POST /api/moderation/staff/reports/r2/resolve': { json: { visible: true } },
      },
    });
    fireEvent.click(
      within((await screen.findByText('Cheap watches', {}, slow)).closest('tr')!).getByRole('button', {
        name: 'Handle',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', {}, slow));
    fireEvent.click(dialog.getByLabelText('Complaint failed'));
    expect(dialog.queryByLabelText('Delete the reported content')).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^Result/), { target: { value: 'Nothing wrong.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('POST')).toContainEqual({
        url: '/api/moderation/staff/reports/r2/resolve',
        body: { outcome: 'failed', result: 'Nothing wrong.', remark: '', contentAction: 'none' },
      }),
    );
  });
});

describe('content pages in the console', { timeout: 30_000 }, () => {
  it('lists online messages', async () => {
    renderModeration(<FeedbackInbox />, {
      resource: 'feedback',
      routes: {
        'GET /api/moderation/staff/feedback': {
          json: {
            items: [
              {
                id: 'f1',
                name: 'Ann',
                contact: 'ann@example.org',
                content: 'Nice site',
                memberId: null,
                receivedAt: '2026-11-21T10:00:00.000Z',
              },
            ],
            total: 1,
          },
        },
      },
    });
    expect(await screen.findByText('Nice site')).toBeTruthy();
    expect(screen.getByText('ann@example.org')).toBeTruthy();
  });

  it('charts the daily page views', async () => {
    renderModeration(<VisitChart />, {
      resource: 'visits',
      routes: {
        'GET /api/moderation/staff/statistics/visits': {
          json: {
            items: [
              { day: '2026-11-20', views: 3 },
              { day: '2026-11-21', views: 5 },
            ],
            total: 2,
          },
        },
      },
    });
    expect(await screen.findByRole('img', { name: '8 page views in the last 30 days' })).toBeTruthy();
  });
});

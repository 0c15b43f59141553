import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider';
import { createDataProvider } from '../../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../../testing/fake-api';
import { auditLogApi, eventLogApi, withAudit } from './audit-api';
import { AuditLogList } from './AuditLogList';
import { EventLogList } from './EventLogList';
import { OperationsPage } from './OperationsPage';

// A list keeps its filters and sort in the URL: each test starts from a clean one.
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const slow = { timeout: 15_000 };

function renderAudit(
  page: ReactNode,
  options: { resource?: string; routes: Parameters<typeof fakeApi>[0]; language?: 'en' | 'zh' },
) {
  const language = options.language ?? 'en';
  const api = fakeApi(options.routes);
  const { httpClient } = testClient(api, { language });
  const dataProvider = withAudit(
    createDataProvider({ apiUrl: '/api', httpClient, resources: { auditLog: auditLogApi, eventLog: eventLogApi } }),
    { apiUrl: '/api', httpClient },
  );
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      {options.resource ? <ResourceContextProvider value={options.resource}>{page}</ResourceContextProvider> : page}
    </AdminContext>,
  );
  const urls = (method: string) =>
    api.requests.filter((r) => r.method === method).map((r) => decodeURIComponent(r.url));
  return { urls };
}

const auditRow = {
  id: '2026-11-21T10:00:00.000Z|e1',
  at: '2026-11-21T10:00:00.000Z',
  actorId: 's1',
  actorName: 'Admin Wang',
  action: 'SettingsChanged',
  context: 'moderation',
  targetKind: 'settings',
  targetId: 'site',
  before: { reports: { perMemberPerHour: 10 } },
  after: { reports: { perMemberPerHour: 7 } },
  data: {},
};

describe('the audit screens', { timeout: 90_000 }, () => {
  it('lists staff actions in Chinese, newest first, sorted and paged by the server', async () => {
    const { urls } = renderAudit(<AuditLogList />, {
      resource: 'auditLog',
      language: 'zh',
      routes: { 'GET /api/moderation/staff/audit-log': { json: { items: [auditRow], total: 1 } } },
    });
    expect(await screen.findByText('Admin Wang (s1)', {}, slow)).toBeTruthy();
    expect(screen.getByText('SettingsChanged')).toBeTruthy();
    expect(screen.getAllByText('管理人员').length).toBeGreaterThan(0);
    expect(urls('GET').some((url) => url.includes('sort=at:desc') && url.includes('page=1'))).toBe(true);
  });

  it('sends the audit filters to the server', async () => {
    const { urls } = renderAudit(<AuditLogList />, {
      resource: 'auditLog',
      routes: { 'GET /api/moderation/staff/audit-log': { json: { items: [auditRow], total: 1 } } },
    });
    await screen.findByText('Admin Wang (s1)', {}, slow);
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'TopicPinned' } });
    await waitFor(() => expect(urls('GET').some((url) => url.includes('"action":"TopicPinned"'))).toBe(true), slow);
  });

  it('browses one context of the event store, filtered on the server', async () => {
    const { urls } = renderAudit(<EventLogList />, {
      resource: 'eventLog',
      routes: {
        'GET /api/moderation/staff/event-types': { json: { contexts: ['forum', 'wallet'], types: [] } },
        'GET /api/moderation/staff/events': {
          json: {
            items: [
              {
                id: 'forum|topic-t1|0000000001|2',
                context: 'forum',
                streamId: 'topic-t1',
                version: 2,
                type: 'TopicPinned',
                occurredAt: '2026-11-21T10:00:00.000Z',
                actor: { kind: 'staff', id: 's1' },
                correlationId: 'c1',
                causationId: null,
                published: true,
              },
            ],
            total: 1,
          },
        },
      },
    });
    expect(await screen.findByText('TopicPinned', {}, slow)).toBeTruthy();
    expect(screen.getByText('staff s1')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          urls('GET').some((url) => url.includes('"context":"forum"') && url.includes('sort=occurredAt:desc')),
        ).toBe(true),
      slow,
    );
  });

  it('runs the ledger audit as a job and shows its real progress until the report', async () => {
    let polls = 0;
    const job = (progress: number, status: string, result: unknown = null) => ({
      id: 'j1',
      kind: 'ledgerAudit',
      status,
      progress,
      step: 'replay',
      startedAt: '2026-11-21T10:00:00.000Z',
      finishedAt: null,
      projections: [],
      result,
      error: null,
    });
    const { urls } = renderAudit(<OperationsPage pollMs={20} />, {
      language: 'zh',
      routes: {
        'GET /api/moderation/staff/projections': { json: [{ context: 'forum', name: 'topic-list' }] },
        'POST /api/moderation/staff/jobs/ledger-audit': { status: 202, json: job(0, 'running') },
        'GET /api/moderation/staff/jobs/j1': () => {
          polls++;
          return polls < 2
            ? { json: job(45, 'running') }
            : { json: job(100, 'succeeded', { audit: { ok: true, wallets: 3, events: 12, differences: [] } }) };
        },
      },
    });
    expect(await screen.findByText('forum/topic-list', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始核对' }));
    expect(await screen.findByText(/45%/, {}, slow)).toBeTruthy();
    expect(await screen.findByText('账目一致：3 个钱包，12 个事件。', {}, slow)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '进度' }).getAttribute('aria-valuenow')).toBe('100');
    expect(urls('POST')).toEqual(['/api/moderation/staff/jobs/ledger-audit']);
  });

  it('rebuilds the chosen read models', async () => {
    const { urls } = renderAudit(<OperationsPage pollMs={20} />, {
      routes: {
        'GET /api/moderation/staff/projections': { json: [{ context: 'forum', name: 'topic-list' }] },
        'POST /api/moderation/staff/jobs/rebuild': {
          status: 202,
          json: {
            id: 'j2',
            kind: 'rebuild',
            status: 'succeeded',
            progress: 100,
            step: 'forum/topic-list',
            startedAt: '2026-11-21T10:00:00.000Z',
            finishedAt: '2026-11-21T10:00:01.000Z',
            projections: ['topic-list'],
            result: { rebuilt: [{ context: 'forum', name: 'topic-list', events: 40, commits: 40, elapsedMs: 12 }] },
            error: null,
          },
        },
      },
    });
    fireEvent.click(await screen.findByLabelText('forum/topic-list', {}, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild the chosen' }));
    expect(await screen.findByText('forum/topic-list: 40 events in 12 ms', {}, slow)).toBeTruthy();
    await waitFor(() => expect(urls('POST')).toEqual(['/api/moderation/staff/jobs/rebuild']));
  });
});

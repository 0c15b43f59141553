import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { systemNotificationsApi } from '.';
import { NotificationCreate, NotificationList } from './NotificationList';

afterEach(cleanup);

const PATH = '/api/messaging/staff/system-notifications';
const live = {
  notificationId: '0190c0de-0000-7000-8000-000000000002',
  title: 'Maintenance on Sunday',
  content: 'The site is read-only from 2 to 3 am.',
  publishedAt: '2026-11-20T08:00:00.000Z',
  editedAt: null,
  withdrawn: false,
  by: 'staff-1',
};
const gone = {
  ...live,
  notificationId: '0190c0de-0000-7000-8000-000000000001',
  title: 'Old news',
  withdrawn: true,
};
const resources = { systemNotifications: systemNotificationsApi };

describe('system notifications in the console', () => {
  it('lists a server page of notices with their state; only live ones can be edited or withdrawn', async () => {
    const { api } = renderAdmin(<NotificationList />, {
      resource: 'systemNotifications',
      resources,
      routes: { [`GET ${PATH}`]: { json: { items: [live, gone], page: 1, pageSize: 20, total: 41, totalPages: 3 } } },
    });
    await screen.findByText('Maintenance on Sunday');
    const rows = screen.getAllByRole('row');
    const liveRow = rows.find((row) => row.textContent?.includes('Maintenance'))!;
    const goneRow = rows.find((row) => row.textContent?.includes('Old news'))!;
    expect(within(liveRow).getByText('Published')).toBeTruthy();
    expect(within(liveRow).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(within(goneRow).getByText('Withdrawn')).toBeTruthy();
    expect(within(goneRow).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByText('1-20 of 41')).toBeTruthy();
    const query = new URL(api.requests[0]!.url, 'http://console.test').searchParams;
    expect([query.get('page'), query.get('pageSize'), query.get('sort')]).toEqual(['1', '20', null]);
  });

  it('withdraws a notice after confirming (zh labels)', async () => {
    const { sent } = renderAdmin(<NotificationList />, {
      resource: 'systemNotifications',
      resources,
      language: 'zh',
      routes: {
        [`GET ${PATH}`]: { json: { items: [live], page: 1, pageSize: 20, total: 1, totalPages: 1 } },
        [`DELETE ${PATH}/${live.notificationId}`]: { status: 204 },
      },
    });
    await screen.findByText('已发布');
    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('通知将从所有会员的列表和未读数中消失');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]!.url).toBe(`${PATH}/${live.notificationId}`);
  });

  it('publishes a notice with only the fields the API takes, and refuses a blank title', async () => {
    const { sent } = renderAdmin(<NotificationCreate />, {
      resource: 'systemNotifications',
      resources,
      routes: { [`POST ${PATH}`]: { status: 201, json: { notificationId: live.notificationId } } },
    });
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: 'Hello everyone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Welcome' } });
    await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1), { timeout: 10_000 });
    expect(sent('POST')[0]!.body).toEqual({ title: 'Welcome', content: 'Hello everyone' });
  });
});

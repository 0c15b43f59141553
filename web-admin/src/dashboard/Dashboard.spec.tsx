import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../testing/render-admin';
import { Dashboard } from './Dashboard';

afterEach(cleanup);

const figure = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the dashboard', () => {
  it('shows the member count and the day’s sign-ups from identity', async () => {
    renderAdmin(<Dashboard />, {
      routes: { 'GET /api/identity/staff/member-stats': { json: { membersTotal: 12345, registeredToday: 7 } } },
    });
    const members = await figure('Members');
    expect(await members.findByText('12,345')).toBeTruthy();
    expect(members.getByText('7 new today')).toBeTruthy();
  });

  it('in Chinese too', async () => {
    renderAdmin(<Dashboard />, {
      language: 'zh',
      routes: { 'GET /api/identity/staff/member-stats': { json: { membersTotal: 3, registeredToday: 0 } } },
    });
    const members = await figure('会员');
    expect(await members.findByText('3')).toBeTruthy();
    expect(members.getByText('今日新增 0')).toBeTruthy();
  });

  it('shows "—" with the reason when the count is refused', async () => {
    renderAdmin(<Dashboard />, {
      routes: {
        'GET /api/identity/staff/member-stats': {
          status: 403,
          json: { code: 'auth.forbidden', message: 'You may not do that.' },
        },
      },
    });
    const members = await figure('Members');
    const dash = await members.findByText('—');
    // The reason is the tooltip, which MUI puts in the title while it is closed.
    expect(dash.getAttribute('title')).toMatch(/You may not do that/);
  });
});

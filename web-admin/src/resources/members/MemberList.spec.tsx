import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { rolesApi } from '../roles';
import { membersApi } from '.';
import { MemberList } from './MemberList';

afterEach(cleanup);

const ada = {
  id: 'm-1',
  account: 'ada',
  nickname: 'Ada',
  kind: 'member',
  state: 'enabled',
  registeredAt: '2026-11-01T08:00:00.000Z',
};
const gone = { ...ada, id: 'm-2', account: 'u0000000002', nickname: null, state: 'cancelled' };
const roles = [
  { id: 'member', name: 'Member', kind: 'member', permissions: [], isDefault: true, builtIn: true },
  { id: 'vip', name: 'VIP', kind: 'member', permissions: [], isDefault: false, builtIn: false },
];

function renderMembers(language: 'en' | 'zh' = 'en') {
  let state = 'enabled';
  const granted: { roleId: string; name: string; kind: string; validUntil: string | null; expired: boolean }[] = [];
  return renderAdmin(<MemberList />, {
    language,
    resource: 'members',
    resources: { members: membersApi, roles: rolesApi },
    routes: {
      'GET /api/identity/staff/members': () => ({ json: { items: [{ ...ada, state }, gone], total: 2 } }),
      'GET /api/identity/members/m-1/roles': () => ({ json: granted }),
      'GET /api/identity/roles': { json: roles },
      'POST /api/identity/members/m-1/state': (request) => {
        state = (JSON.parse(request.body!) as { state: string }).state;
        return { json: { ...ada, state } };
      },
      'POST /api/identity/members/m-1/roles': (request) => {
        const body = JSON.parse(request.body!) as { roleId: string; validUntil: string | null };
        granted.push({ roleId: body.roleId, name: 'VIP', kind: 'member', validUntil: body.validUntil, expired: false });
        return { json: granted };
      },
      'POST /api/identity/staff/accounts': (request) => ({
        status: 201,
        json: { ...ada, id: 'm-3', kind: 'staff', ...(JSON.parse(request.body!) as object) },
      }),
      'DELETE /api/identity/members/m-1/roles/vip': () => {
        granted.length = 0;
        return { status: 204 };
      },
    },
  });
}

async function openAda() {
  fireEvent.click(await screen.findByText('ada'));
  return within(await screen.findByRole('region', { name: 'Ada' }));
}

describe('the member list', () => {
  it('shows members, a cancelled one as cancelled, and searches on the server', async () => {
    const { api } = renderMembers();
    expect(await screen.findByText('ada')).toBeTruthy();
    expect(screen.getByText('This user account has been cancelled')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Account or nickname'), { target: { value: 'ad' } });
    await waitFor(
      () => {
        const last = new URL(api.requests.at(-1)!.url, 'http://x');
        expect(last.pathname).toBe('/api/identity/staff/members');
        expect(last.searchParams.get('q')).toBe('ad');
      },
      { timeout: 3000 },
    );
  });

  it('disables a member after confirmation', async () => {
    const { sent } = renderMembers();
    const panel = await openAda();
    fireEvent.click(panel.getByRole('button', { name: 'Disable' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Disable Ada? The member can no longer log in or post.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([{ url: '/api/identity/members/m-1/state', body: { state: 'disabled' } }]),
    );
    expect(await screen.findByText('The member is disabled.')).toBeTruthy();
  });

  it('grants a role until a time, shows it, and revokes it', async () => {
    const { sent } = renderMembers();
    const panel = await openAda();
    expect(await panel.findByText('Only the default role.')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'Grant a role' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: /Role/ }));
    const options = within(await screen.findByRole('listbox'));
    // The default role is everyone's already: it is not offered.
    expect(options.queryByRole('option', { name: /^Member/ })).toBeNull();
    fireEvent.click(options.getByRole('option', { name: 'VIP (Member role)' }));
    fireEvent.change(dialog.getByLabelText('Valid until'), { target: { value: '2027-01-31T12:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Grant a role' }));

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      url: '/api/identity/members/m-1/roles',
      body: { roleId: 'vip', validUntil: new Date('2027-01-31T12:00').toISOString() },
    });
    expect(await panel.findByText(/^VIP · /)).toBeTruthy();

    fireEvent.click(panel.getByTitle('Revoke VIP').closest('svg')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('DELETE')).toEqual([{ url: '/api/identity/members/m-1/roles/vip', body: undefined }]),
    );
    expect(await panel.findByText('Only the default role.')).toBeTruthy();
  });

  it('cancels an account after a confirmation that says it is for good', async () => {
    const { sent } = renderMembers();
    const panel = await openAda();
    fireEvent.click(panel.getByRole('button', { name: 'Cancel account' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Cancel the account of Ada\? This cannot be undone/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([{ url: '/api/identity/members/m-1/state', body: { state: 'cancelled' } }]),
    );
    expect(await screen.findByText('The account is cancelled.')).toBeTruthy();
  });

  it('creates a staff account, enabled only once the form is valid', async () => {
    const { sent } = renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'New staff account' }));
    const dialog = within(await screen.findByRole('dialog'));
    const create = dialog.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText(/^Account/), { target: { value: 'helper_1' } });
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'short' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'long-enough' } });
    fireEvent.change(dialog.getByLabelText(/^Nickname/), { target: { value: 'Helper' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await waitFor(() =>
      expect(sent('POST')).toEqual([
        {
          url: '/api/identity/staff/accounts',
          body: { account: 'helper_1', password: 'long-enough', nickname: 'Helper' },
        },
      ]),
    );
    expect(await screen.findByText('Staff account created. Grant it roles on its row.')).toBeTruthy();
  });

  it('opens the member’s balance and points ledgers, filtered to the member', async () => {
    renderMembers();
    const panel = await openAda();
    const ledger = (name: string) => {
      const href = panel.getByRole('link', { name }).getAttribute('href')!;
      const url = new URL(href.replace(/^#/, ''), 'http://x');
      return { path: url.pathname, filter: JSON.parse(url.searchParams.get('filter')!) as unknown };
    };
    expect(ledger('Balance entries')).toEqual({ path: '/balanceEntries', filter: { memberId: 'm-1' } });
    expect(ledger('Points entries')).toEqual({ path: '/pointsEntries', filter: { memberId: 'm-1' } });
  });

  it('speaks Chinese', async () => {
    renderMembers('zh');
    expect(await screen.findByText('此用户账号已注销')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建员工账号' })).toBeTruthy();
    const panel = await openAda();
    expect(panel.getByRole('button', { name: '禁用' })).toBeTruthy();
    expect(panel.getByRole('button', { name: '注销账号' })).toBeTruthy();
    expect(panel.getByRole('link', { name: '余额明细' })).toBeTruthy();
    expect(panel.getByRole('link', { name: '积分明细' })).toBeTruthy();
  });
});

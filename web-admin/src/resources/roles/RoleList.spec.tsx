import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { rolesApi } from '.';
import { RoleList } from './RoleList';

afterEach(cleanup);

const roles = [
  {
    id: 'member',
    name: 'Member',
    kind: 'member',
    permissions: [{ permission: 'topic.view', tagIds: null }],
    isDefault: true,
    builtIn: true,
  },
  {
    id: 'moderators',
    name: 'Moderators',
    kind: 'staff',
    permissions: [{ permission: 'reports.handle', tagIds: null }],
    isDefault: false,
    builtIn: false,
  },
];

describe('the role list', () => {
  it('names kinds and permissions in the console’s language; built-in roles cannot be deleted', async () => {
    renderAdmin(<RoleList />, {
      language: 'zh',
      resource: 'roles',
      resources: { roles: rolesApi },
      routes: { 'GET /api/identity/roles': { json: roles } },
    });
    const builtIn = within((await screen.findByText('Member')).closest('tr')!);
    expect(builtIn.getByText('会员角色')).toBeTruthy();
    expect(builtIn.getByText('查看话题')).toBeTruthy();
    expect(builtIn.queryByRole('button', { name: /删除/ })).toBeNull();
    const moderators = within(screen.getByText('Moderators').closest('tr')!);
    expect(moderators.getByText('员工角色')).toBeTruthy();
    expect(moderators.getByText('处理举报')).toBeTruthy();
    expect(moderators.getByRole('button', { name: /删除/ })).toBeTruthy();
  });
});

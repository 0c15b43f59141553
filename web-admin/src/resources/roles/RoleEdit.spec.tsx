import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { rolesApi } from '.';
import { RoleCreate } from './RoleEdit';

afterEach(cleanup);

const created = (request: { body: string | undefined }) => ({
  status: 201,
  json: { id: 'r-1', builtIn: false, ...(JSON.parse(request.body!) as object) },
});

function check(name: string) {
  fireEvent.click(screen.getByRole('checkbox', { name }));
}

async function save() {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

describe('a role’s form', () => {
  it('creates a member role whose permissions are checkboxes, one limited to tags', async () => {
    const { sent } = renderAdmin(<RoleCreate />, {
      resource: 'roles',
      resources: { roles: rolesApi },
      routes: { 'POST /api/identity/roles': created },
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'VIP' } });
    expect(screen.getByText('Member permissions')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Handle reports' })).toBeNull();
    check('Post topics');
    check('Like');
    const tags = screen.getByRole('combobox', { name: /Post topics · Only in these tags/ });
    fireEvent.change(tags, { target: { value: 'tag-7' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    await save();

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      name: 'VIP',
      kind: 'member',
      isDefault: false,
      permissions: [
        { permission: 'topic.post', tagIds: ['tag-7'] },
        { permission: 'like', tagIds: null },
      ],
    });
  });

  it('shows staff permissions for a staff role and drops the member ones already checked', async () => {
    const { sent } = renderAdmin(<RoleCreate />, {
      resource: 'roles',
      resources: { roles: rolesApi },
      routes: { 'POST /api/identity/roles': created },
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Moderators' } });
    check('Like');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Kind/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Staff role' }));
    expect(await screen.findByText('Staff permissions')).toBeTruthy();
    check('Handle reports');
    expect(screen.queryByRole('combobox', { name: /Only in these tags/ })).toBeNull();
    await save();

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      name: 'Moderators',
      kind: 'staff',
      isDefault: false,
      permissions: [{ permission: 'reports.handle', tagIds: null }],
    });
  });

  it('puts the server’s refusal on the form', async () => {
    renderAdmin(<RoleCreate />, {
      resource: 'roles',
      resources: { roles: rolesApi },
      routes: {
        'POST /api/identity/roles': {
          status: 400,
          json: {
            code: 'common.validation_failed',
            message: 'Some fields are not valid.',
            fieldErrors: [{ field: 'name', code: 'validation.too_long', message: 'At most 30 characters.' }],
          },
        },
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Taken' } });
    await save();
    expect(await screen.findByText('At most 30 characters.')).toBeTruthy();
  });
});

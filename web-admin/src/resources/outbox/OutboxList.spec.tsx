import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../testing/render-admin';
import { outboxApi } from '.';
import { OutboxList } from './OutboxList';

afterEach(cleanup);

const sms = {
  id: 'o-2',
  channel: 'sms',
  target: '13800138000',
  text: 'Your code is 482913. It is valid for 10 minutes.',
  purpose: 'login',
  sentAt: '2026-11-21T10:00:00.000Z',
};

describe('the development outbox', () => {
  it('shows the messages with their codes and filters by channel on the server', async () => {
    const { api } = renderAdmin(<OutboxList />, {
      resource: 'outbox',
      resources: { outbox: outboxApi },
      routes: { 'GET /api/identity/staff/outbox': { json: { items: [sms], total: 1 } } },
    });
    expect(await screen.findByText('Your code is 482913. It is valid for 10 minutes.')).toBeTruthy();
    expect(screen.getByText('13800138000')).toBeTruthy();
    expect(screen.getAllByText('SMS').length).toBeGreaterThan(0);
    expect(screen.getByText('Login')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Channel/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Email' }));
    await waitFor(() =>
      expect(new URL(api.requests.at(-1)!.url, 'http://x').searchParams.get('channel')).toBe('email'),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

/** The first render loads the lazy route module: slow on a busy machine. */
const firstRender = { timeout: 30_000 };
const page = { items: [], page: 1, pageSize: 20, total: 0, totalPages: 0 };
const modes = { replies: 'daily', mentions: 'daily', privateMessages: 'daily', answers: 'daily', follows: 'never' };

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = (preferences: object) => ({
  'GET /api/messaging/reminders': () => json(200, page),
  'GET /api/messaging/reminder-preferences': () => json(200, { types: [] }),
  'GET /api/messaging/me/email-preferences': () => json(200, preferences),
  'PUT /api/messaging/me/email-preferences': () => json(200, preferences),
});

describe('email notification choices beside the reminder choices', () => {
  it('shows where emails go and saves a mode per group and the language', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/user/control/remindList', {
      routes: routes({ modes, language: null, emailMasked: 'an***@example.com' }),
    });
    await user.click(await screen.findByText('Email notifications', { selector: 'summary' }, firstRender));
    expect(screen.getByRole('note').textContent).toBe('Emails go to an***@example.com.');
    const replies = screen.getByRole('combobox', { name: 'Replies and quotes' }) as HTMLSelectElement;
    expect(replies.value).toBe('daily');
    expect(
      within(replies)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Never', 'Immediately', 'Daily digest']);
    await user.selectOptions(replies, 'immediately');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Private messages' }), 'never');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the emails' }), 'English');
    await user.click(screen.getByRole('button', { name: 'Save email choices' }));
    await waitFor(() => expect(callsTo(network.sent, 'PUT', '/api/messaging/me/email-preferences')).toHaveLength(1));
    expect(JSON.parse(callsTo(network.sent, 'PUT', '/api/messaging/me/email-preferences')[0]!.body!)).toEqual({
      modes: { ...modes, replies: 'immediately', privateMessages: 'never' },
      language: 'en',
    });
    expect(await screen.findByText('Email choices saved.')).toBeTruthy();
  });

  it('says that nothing is sent without a verified address', async () => {
    const user = userEvent.setup();
    renderApp('/user/control/remindList', { routes: routes({ modes, language: 'zh', emailMasked: null }) });
    await user.click(await screen.findByText('Email notifications', { selector: 'summary' }, firstRender));
    expect(screen.getByRole('note').textContent).toContain('no verified email address');
    expect((screen.getByRole('combobox', { name: 'Language of the emails' }) as HTMLSelectElement).value).toBe('zh');
  });
});

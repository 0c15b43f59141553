import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

const page = () => ({ items: [], page: 1, pageSize: 20, total: 0, totalPages: 1 });
const profile = (id: string, nickname: string) => ({
  id,
  nickname,
  avatarUrl: null,
  cancelled: false,
  isStaff: false,
  allowUserDynamic: true,
  registeredAt: '2025-01-01T08:00:00.000Z',
  followerCount: 0,
  followingCount: 0,
  followedByMe: false,
});

function routes(id: string, nickname: string) {
  return {
    [`GET /api/identity/members/${id}`]: () => json(200, profile(id, nickname)),
    [`GET /api/forum/members/${id}/dynamics`]: () => json(200, { ...page(), shown: true }),
    [`GET /api/forum/members/${id}/topics`]: () => json(200, page()),
    [`GET /api/wallet/members/${id}/grade`]: () => json(200, { grade: 'Newcomer' }),
    [`GET /api/qa/members/${id}/questions`]: () => json(200, page()),
    [`GET /api/qa/members/${id}/answers`]: () => json(200, page()),
    'GET /api/identity/me/roles': () =>
      json(200, [
        { roleId: 'r-member', name: 'Member', kind: 'member', validUntil: null, expired: false },
        { roleId: 'r-vip', name: 'VIP', kind: 'member', validUntil: '2025-03-01T08:00:00.000Z', expired: false },
      ]),
  };
}

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: ANN, account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the member page's roles", () => {
  it('shows the member their own roles and when each ends', async () => {
    renderApp(`/user/${ANN}`, { routes: routes(ANN, 'Ann') });
    const roles = await screen.findByRole('list', { name: 'Role' });
    expect(roles.textContent).toContain('Your role “Member” does not expire.');
    expect(roles.textContent).toMatch(/Your role “VIP” is valid until .*2025/);
  });

  it('shows them in zh', async () => {
    renderApp(`/user/${ANN}`, { language: 'zh', routes: routes(ANN, 'Ann') });
    const roles = await screen.findByRole('list', { name: '角色' });
    expect(roles.textContent).toContain('您的角色“Member”永久有效。');
  });

  it("never asks for them on another member's page", async () => {
    const { network } = renderApp(`/user/${BOB}`, { routes: routes(BOB, 'Bob') });
    await screen.findByRole('heading', { level: 1, name: 'Bob' });
    await waitFor(() => expect(screen.getByText('Grade: Newcomer')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Role' })).toBeNull();
    expect(callsTo(network.sent, 'GET', '/api/identity/me/roles')).toHaveLength(0);
  });
});

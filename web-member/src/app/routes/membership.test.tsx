import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const card = {
  cardId: 'c1',
  name: 'Gold card',
  subtitle: 'For regular readers',
  introduction: 'Read every tag.',
  descriptionTags: ['ad-free'],
  roleName: 'VIP',
  specifications: [
    {
      specId: 's1',
      name: 'One month',
      price: 3000,
      points: 0,
      marketPrice: 4500,
      duration: 1,
      unit: 'month',
      enabled: true,
      stock: 12,
    },
    {
      specId: 's2',
      name: 'Week',
      price: 0,
      points: 200,
      marketPrice: null,
      duration: 7,
      unit: 'day',
      enabled: true,
      stock: 0,
    },
  ],
};

const order = {
  orderId: 'o1',
  orderNumber: '202611211200001234567890',
  cardName: 'Gold card',
  specName: 'One month',
  roleName: 'VIP',
  amount: 3000,
  points: 0,
  quantity: 1,
  duration: 1,
  unit: 'month',
  at: '2026-11-21T12:00:00.000Z',
  roleGranted: true,
  validUntil: '2026-12-21T12:00:00.000Z',
};

vi.setConfig({ testTimeout: 30_000 });

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 20, total: items.length, totalPages: 1 });

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('/membershipCardList', () => {
  it('shows each card on sale as a card: name, lowest price with its duration, and a buy button', async () => {
    const soldOut = {
      ...card,
      cardId: 'c2',
      name: 'Silver card',
      specifications: card.specifications.map((spec) => ({ ...spec, stock: 0 })),
    };
    renderApp('/membershipCardList', {
      routes: { 'GET /api/wallet/membership-cards': () => json(200, page([card, soldOut])) },
    });
    const link = await screen.findByRole('link', { name: 'Gold card' });
    expect(link.getAttribute('href')).toBe('/membershipCard?cardId=c1');
    const [gold, silver] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('membership-card'));
    expect(within(gold!).getByText('From 200 points')).toBeTruthy();
    expect(within(gold!).getByText('7 days')).toBeTruthy();
    expect(within(gold!).getByText('ad-free')).toBeTruthy();
    const buy = within(gold!).getByRole('link', { name: 'Buy Gold card' });
    expect(buy.textContent).toBe('Buy');
    expect(buy.getAttribute('href')).toBe('/membershipCard?cardId=c1');
    expect(within(silver!).queryByRole('link', { name: /^Buy/ })).toBeNull();
    expect(within(silver!).getByText('Sold out')).toBeTruthy();
  });

  it('labels the buy button and duration in Chinese', async () => {
    renderApp('/membershipCardList', {
      language: 'zh',
      routes: { 'GET /api/wallet/membership-cards': () => json(200, page([card])) },
    });
    const buy = await screen.findByRole('link', { name: '购买“Gold card”' });
    expect(buy.textContent).toBe('购买');
    expect(screen.getByText('7 天')).toBeTruthy();
  });
});

describe('/membershipCard', () => {
  it('lets a member choose a specification, confirm, and see the order with the role’s end', async () => {
    const { network } = renderApp('/membershipCard?cardId=c1', {
      routes: {
        'GET /api/wallet/membership-cards/c1': () => json(200, card),
        'POST /api/wallet/membership-cards/c1/specifications/s1/purchase': () => json(200, order),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gold card' })).toBeTruthy();
    expect(screen.getByText('Grants the role “VIP”.')).toBeTruthy();
    // Sold out: not choosable.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Week/ }).disabled).toBe(true);
    const buy = screen.getByRole<HTMLButtonElement>('button', { name: 'Buy' });
    expect(buy.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /One month/ }));
    fireEvent.click(buy);
    const confirm = screen.getByRole('group', { name: 'Confirm the purchase' });
    expect(within(confirm).getByText(/for ¥30\.00\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm and pay' }));
    expect(
      await screen.findByText('You bought “Gold card · One month”. Order number 202611211200001234567890.'),
    ).toBeTruthy();
    expect(screen.getByText(/Your role “VIP” is valid until/)).toBeTruthy();
    const [sent] = callsTo(network.sent, 'POST', '/api/wallet/membership-cards/c1/specifications/s1/purchase');
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s refusal (insufficient balance) and sends visitors to log in (zh)', async () => {
    renderApp('/membershipCard?cardId=c1', {
      language: 'zh',
      routes: {
        'GET /api/wallet/membership-cards/c1': () => json(200, card),
        'POST /api/wallet/membership-cards/c1/specifications/s1/purchase': () =>
          json(409, { code: 'wallet.insufficient_balance', message: '余额不足。' }),
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: /One month/ }));
    fireEvent.click(screen.getByRole('button', { name: '购买' }));
    fireEvent.click(screen.getByRole('button', { name: '确认支付' }));
    expect(await screen.findByText('余额不足。')).toBeTruthy();
  });

  it('asks a visitor to log in first', async () => {
    appState.set(initialAppState());
    localStorage.clear();
    renderApp('/membershipCard?cardId=c1', {
      routes: { 'GET /api/wallet/membership-cards/c1': () => json(200, card) },
    });
    const login = await screen.findByRole('link', { name: 'Log in to buy' });
    expect(login.getAttribute('href')).toMatch(/^\/login\?jumpUrl=/);
  });
});

describe('/user/control/membershipCardOrderList', () => {
  it('shows the member’s orders with every order field', async () => {
    renderApp('/user/control/membershipCardOrderList', {
      routes: { 'GET /api/wallet/me/membership-orders': () => json(200, page([order])) },
    });
    expect(await screen.findByText('202611211200001234567890')).toBeTruthy();
    const row = screen.getByText('202611211200001234567890').closest('tr')!;
    expect(within(row).getByText('¥30.00')).toBeTruthy();
    expect(within(row).getByText('VIP')).toBeTruthy();
    expect(within(row).getByText('1 month')).toBeTruthy();
    expect(within(row).getByText('Gold card · One month')).toBeTruthy();
  });
});

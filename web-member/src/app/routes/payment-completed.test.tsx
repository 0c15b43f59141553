import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wallet } from '@/features/wallet/testing/wallet-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, inTurn } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const intent = (status: string) => ({
  intentId: 'i1',
  amount: 10050,
  provider: 'sandbox',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-20T08:01:00.000Z' : null,
});

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('/paymentCompleted/:interfaceProduct/:paymentModule/:parameterId', () => {
  it('waits while the payment is pending, then shows the credited amount and the way to the balance', async () => {
    const { network } = renderApp('/paymentCompleted/sandbox/5/i1', {
      routes: {
        'GET /api/wallet/payments/i1': inTurn(
          () => json(200, intent('pending')),
          () => json(200, intent('paid')),
        ),
        'GET /api/wallet/me': () => json(200, wallet),
      },
    });
    expect(await screen.findByText('Waiting for the payment provider to confirm the payment…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment result');
    expect(await screen.findByText('Payment received: ¥100.50 was added to your balance.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my balance' }).getAttribute('href')).toBe('/user/control/balance');
    expect(callsTo(network.sent, 'GET', '/api/wallet/payments/i1')).toHaveLength(2);
  });

  it('says when the payment failed or expired, with a way to try again (zh)', async () => {
    renderApp('/paymentCompleted/sandbox/5/i1', {
      language: 'zh',
      routes: { 'GET /api/wallet/payments/i1': () => json(200, intent('expired')) },
    });
    expect(await screen.findByText('付款未完成，已过期。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '再次充值' }).getAttribute('href')).toBe('/user/control/payment');
  });

  it('says when there is no such payment', async () => {
    renderApp('/paymentCompleted/sandbox/5/nope', {
      routes: {
        'GET /api/wallet/payments/nope': () =>
          json(404, { code: 'wallet.payment_intent_not_found', message: 'No such payment.' }),
      },
    });
    expect(await screen.findByText('This payment could not be found.')).toBeTruthy();
  });
});

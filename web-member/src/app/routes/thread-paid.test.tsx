import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hiddenBlock, page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

/** Two points blocks (20 + 10: one purchase of 30 opens both) and a balance block of 1.99 yuan. */
const paidTopic = topicDetail({
  content:
    '<p>Intro</p><hide type="40" index="0"></hide><hide type="40" index="1"></hide><hide type="50" index="2"></hide>',
  hiddenBlocks: [
    hiddenBlock({ index: 0, type: 40, unlocked: false, requirement: '20' }),
    hiddenBlock({ index: 1, type: 40, unlocked: false, requirement: '10' }),
    hiddenBlock({ index: 2, type: 50, unlocked: false, requirement: '199' }),
  ],
  hideTagTypeMap: { '40': false, '50': false },
});

const wallet = { memberId: 'm1', available: 150, frozen: 0, points: 100 };

function logIn() {
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

const routes = (extra: NonNullable<Parameters<typeof renderApp>[1]>['routes'] = {}) => ({
  'GET /api/forum/topics/t1': () => json(200, paidTopic),
  'GET /api/forum/topics/t1/comments': () => json(200, page([])),
  'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
  'GET /api/wallet/me': () => json(200, wallet),
  ...extra,
});

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('/thread paid hidden content', () => {
  it('confirms the price against the points the member has, pays, and reveals every points block in place', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: routes({
        'POST /api/forum/topics/t1/unlock': () =>
          json(200, {
            type: 40,
            blocks: [
              { index: 0, html: '<p>First secret</p>' },
              { index: 1, html: '<p>Second secret</p>' },
            ],
            pricePaid: 30,
            visible: true,
          }),
      }),
    });
    expect((await screen.findAllByText('This content is for sale: 30 points.')).length).toBe(2);
    expect(screen.getByText('This content is for sale: ¥1.99 from your balance.')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Buy for 30 points' })[0]!);
    const confirm = screen.getByRole('group', { name: 'Pay 30 points to unlock this content?' });
    expect(await within(confirm).findByText(/You have 100 points\./)).toBeTruthy();
    // Cancelling pays nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(network.sent, 'POST', '/api/forum/topics/t1/unlock')).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: 'Buy for 30 points' })[0]!);
    await user.click(within(screen.getByRole('group', { name: /Pay 30 points/ })).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Second secret')).toBeTruthy();
    expect(screen.getByText('First secret')).toBeTruthy();
    expect(screen.getByText('Paid 30 points. The hidden content is shown below.')).toBeTruthy();
    expect(screen.queryByText('This content is for sale: 30 points.')).toBeNull();
    // The balance block stays for sale; the topic was not fetched again.
    expect(screen.getByRole('button', { name: 'Buy for ¥1.99' })).toBeTruthy();
    const sent = callsTo(network.sent, 'POST', '/api/forum/topics/t1/unlock');
    expect(sent.map((call) => JSON.parse(call.body!))).toEqual([{ type: 40, price: 30 }]);
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1')).toHaveLength(1);
  }, 40_000);

  it('shows the balance, and the refusal when it is not enough (zh)', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      language: 'zh',
      routes: routes({
        'POST /api/forum/topics/t1/unlock': () =>
          json(409, { code: 'wallet.insufficient_balance', message: '可用余额不足。' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: '花费 ¥1.99 购买' }));
    const confirm = screen.getByRole('group', { name: '确定从余额支付 ¥1.99 解锁此内容吗？' });
    expect(await within(confirm).findByText(/你的可用余额为 ¥1\.50。/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: '支付' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '可用余额不足。');
    expect(screen.getByText('此内容需用余额付费查看：¥1.99。')).toBeTruthy();
    const sent = callsTo(network.sent, 'POST', '/api/forum/topics/t1/unlock');
    expect(sent.map((call) => JSON.parse(call.body!))).toEqual([{ type: 50, price: 199 }]);
  }, 40_000);

  it('asks a visitor to log in instead of offering to buy', async () => {
    renderApp('/thread?topicId=t1', { routes: routes() });
    expect(await screen.findByText('This content is for sale: ¥1.99 from your balance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy for/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Log in to unlock it.' })).toHaveLength(3);
  }, 40_000);
});

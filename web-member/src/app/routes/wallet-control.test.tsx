import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '@/features/topics/testing/forum-fixtures';
import { cancelled, sender, wallet } from '@/features/wallet/testing/wallet-fixtures';
import { leaveSite } from '@/features/wallet/utils/leave-site';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf, inTurn } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const meRoute = { 'GET /api/wallet/me': () => json(200, wallet) };

/** The text of each body row's cells. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

function balanceEntry(overrides: Record<string, unknown>) {
  return {
    serial: 'B20261120000001',
    module: 5,
    kind: 'credit',
    amount: 123456,
    availableAfter: 123456,
    frozenAfter: 0,
    remark: '',
    at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const balanceEntries = {
  ...page([
    balanceEntry({
      serial: 'B20261120000002',
      module: 120,
      kind: 'freeze',
      amount: -1000,
      availableAfter: 122456,
      frozenAfter: 1500,
      remark: 'Envelope on “Cats”',
      at: '2026-11-20T09:00:00.000Z',
    }),
    balanceEntry({}),
  ]),
  page: 2,
  total: 42,
  totalPages: 3,
};

describe('/user/control/balance and /user/control/point', () => {
  it('shows the balances and one page of balance entries with signed yuan and module names', async () => {
    const { network } = renderApp('/user/control/balance?page=2', {
      routes: { ...meRoute, 'GET /api/wallet/me/balance-entries': () => json(200, balanceEntries) },
    });
    const table = await screen.findByRole('table', { name: 'Balance' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Balance');
    expect(screen.getByLabelText('My wallet').textContent).toBe('Available balance¥1234.56Frozen balance¥5.00Points42');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Serial number', 'Entry', 'Available', 'Frozen', 'Time', 'Remark']);
    const rows = rowsOf(table);
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], row[5]])).toEqual([
      ['B20261120000002', 'Red envelope sentMoved to frozen — not spent', '-¥10.00', '+¥10.00', 'Envelope on “Cats”'],
      ['B20261120000001', 'Recharge', '+¥1234.56', '—', ''],
    ]);
    expect(table.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T09:00:00.000Z');
    const call = callsTo(network.sent, 'GET', '/api/wallet/me/balance-entries')[0]!;
    expect(call.url.searchParams.get('page')).toBe('2');
    expect(call.url.searchParams.get('pageSize')).toBe('20');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/user/control/balance?page=3',
    );
    const section = screen.getByRole('region', { name: 'Balance' });
    expect(within(section).getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/user/control/payment');
  });

  it('shows a bounty held then awarded as one move out of available, not two spends (zh)', async () => {
    renderApp('/user/control/balance', {
      language: 'zh',
      routes: {
        ...meRoute,
        'GET /api/wallet/me/balance-entries': () =>
          json(
            200,
            page([
              balanceEntry({
                serial: 'B3',
                module: 150,
                kind: 'release',
                amount: 200,
                availableAfter: 9400,
                frozenAfter: 0,
              }),
              balanceEntry({
                serial: 'B2',
                module: 100,
                kind: 'spend',
                amount: -800,
                availableAfter: 9200,
                frozenAfter: 200,
              }),
              balanceEntry({
                serial: 'B1',
                module: 90,
                kind: 'freeze',
                amount: -1000,
                availableAfter: 9200,
                frozenAfter: 1000,
              }),
            ]),
          ),
      },
    });
    const table = await screen.findByRole('table', { name: '余额' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['流水号', '明细', '可用余额', '冻结余额', '时间', '备注']);
    expect(rowsOf(table).map((row) => row.slice(0, 4))).toEqual([
      ['B3', '悬赏退款解冻，退回可用余额', '+¥2.00', '-¥2.00'],
      ['B2', '悬赏采纳从冻结余额支付', '—', '-¥8.00'],
      ['B1', '悬赏冻结转入冻结，未支出', '-¥10.00', '+¥10.00'],
    ]);
    expect(screen.getByText(/冻结余额是为你发起的悬赏或红包预留的钱/)).toBeTruthy();
    expect(screen.getByLabelText('我的钱包').textContent).toContain('冻结余额¥5.00');
  });

  it('lists points entries by module, income or expense and amount (zh)', async () => {
    renderApp('/user/control/point', {
      language: 'zh',
      routes: {
        ...meRoute,
        'GET /api/wallet/me/points-entries': () =>
          json(
            200,
            page([
              {
                serial: 'P2',
                module: 400,
                direction: 'expense',
                amount: -30,
                pointsAfter: 42,
                remark: '解锁',
                at: '2026-11-20T09:00:00.000Z',
              },
              {
                serial: 'P1',
                module: 100,
                direction: 'income',
                amount: 10,
                pointsAfter: 72,
                remark: '',
                at: '2026-11-20T08:00:00.000Z',
              },
            ]),
          ),
      },
    });
    const table = await screen.findByRole('table', { name: '积分' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['模块', '收入 / 支出', '金额', '时间', '备注']);
    expect(rowsOf(table).map((row) => [row[0], row[1], row[2], row[4]])).toEqual([
      ['付费解锁', '支出', '30', '解锁'],
      ['话题', '收入', '10', ''],
    ]);
  });

  it('says when there are no entries yet', async () => {
    renderApp('/user/control/balance', {
      routes: { ...meRoute, 'GET /api/wallet/me/balance-entries': () => json(200, page([])) },
    });
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });
});

describe('/user/control/payment', () => {
  const providers = {
    'GET /api/wallet/payment-providers': () => json(200, { items: [{ id: 'sandbox' }, { id: 'alipay' }] }),
  };

  it('checks the amount and the provider, then sends the member to the provider', async () => {
    const user = userEvent.setup();
    const leave = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const { network } = renderApp('/user/control/payment', {
      routes: {
        ...meRoute,
        ...providers,
        'POST /api/wallet/recharges': () =>
          json(200, { intentId: 'i1', redirectUrl: '/api/wallet/payments/sandbox/checkout/i1' }),
      },
    });
    const amount = await screen.findByLabelText('Amount (yuan)');
    const submit = screen.getByRole('button', { name: 'Go to payment' });
    await user.click(submit);
    expect(errorOf(amount)).toBe('Recharge amount cannot be empty');
    expect(screen.getByText('Choose a payment method')).toBeTruthy();
    for (const [typed, message] of [
      ['1234567890123', 'The recharge amount has at most 12 digits'],
      ['12.345', 'The recharge amount has at most 2 decimals'],
      ['0.00', 'The recharge amount must be greater than 0'],
      ['12a', 'Illegal input'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed!);
      await user.click(submit);
      expect(errorOf(amount)).toBe(message);
    }
    expect(callsTo(network.sent, 'POST', '/api/wallet/recharges')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '100.5');
    await user.click(screen.getByRole('radio', { name: 'Sandbox (test payments)' }));
    await user.click(submit);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/api/wallet/payments/sandbox/checkout/i1'));
    expect(formOf(callsTo(network.sent, 'POST', '/api/wallet/recharges')[0]!.body)).toEqual({
      amount: '100.5',
      provider: 'sandbox',
    });
  });

  it('speaks Chinese and shows the server refusal', async () => {
    const user = userEvent.setup();
    renderApp('/user/control/payment', {
      language: 'zh',
      routes: {
        ...meRoute,
        'GET /api/wallet/payment-providers': () => json(200, { items: [{ id: 'sandbox' }] }),
        'POST /api/wallet/recharges': inTurn(() =>
          json(400, {
            code: 'validation.failed',
            message: '输入有误',
            fieldErrors: [{ field: 'amount', message: '金额格式不正确' }],
          }),
        ),
      },
    });
    const amount = await screen.findByLabelText('金额（元）');
    await user.click(screen.getByRole('button', { name: '去支付' }));
    expect(errorOf(amount)).toBe('充值金额不能为空');
    await user.type(amount, '5');
    // One provider is chosen already.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '沙箱（测试支付）' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: '去支付' }));
    await vi.waitFor(() => expect(errorOf(amount)).toBe('金额格式不正确'));
  });
});

describe('red envelope lists', () => {
  it('lists the envelopes I sent, with a link to each distribution', async () => {
    renderApp('/user/control/giveRedEnvelopeList', {
      routes: {
        'GET /api/wallet/me/envelopes/sent': () =>
          json(
            200,
            page([
              {
                id: 'e1',
                type: 20,
                topicId: 't1',
                totalAmount: 1000,
                giveQuantity: 5,
                receivedQuantity: 3,
                refundAmount: 250,
                createdAt: '2026-11-20T08:00:00.000Z',
              },
            ]),
          ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Red envelopes I sent' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Type', 'Total amount', 'Shares', 'Claimed', 'Refunded', 'Operations']);
    expect(rowsOf(table)[0]!.slice(1, 6)).toEqual(['Random amounts', '¥10.00', '5', '3', '¥2.50']);
    expect(within(table).getByRole('link', { name: 'Distribution' }).getAttribute('href')).toBe(
      '/user/control/redEnvelopeAmountDistributionList?envelopeId=e1',
    );
    expect(within(table).getByRole('link', { name: 'Topic' }).getAttribute('href')).toBe('/thread?topicId=t1');
  });

  it('shows who claimed how much of one envelope', async () => {
    renderApp('/user/control/redEnvelopeAmountDistributionList?envelopeId=e1', {
      routes: {
        'GET /api/wallet/envelopes/e1/claims': () =>
          json(
            200,
            page([
              { member: sender, amount: 312, claimedAt: '2026-11-20T09:00:00.000Z' },
              { member: cancelled, amount: 88, claimedAt: '2026-11-20T08:30:00.000Z' },
            ]),
          ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Red envelope distribution' });
    expect(rowsOf(table).map((row) => row.slice(1))).toEqual([
      ['Bob', '¥3.12'],
      ['This user account has been cancelled', '¥0.88'],
    ]);
  });

  it('asks to choose an envelope when none is given', async () => {
    renderApp('/user/control/redEnvelopeAmountDistributionList');
    const link = await screen.findByRole('link', { name: /Choose one of the red envelopes you sent/ });
    expect(link.getAttribute('href')).toBe('/user/control/giveRedEnvelopeList');
  });

  it('lists the envelopes I received; a cancelled sender is shown as such (zh)', async () => {
    renderApp('/user/control/receiveRedEnvelopeList', {
      language: 'zh',
      routes: {
        'GET /api/wallet/me/envelopes/received': () =>
          json(
            200,
            page([
              { envelopeId: 'e2', topicId: 't2', sender, amount: 520, claimedAt: '2026-11-20T09:00:00.000Z' },
              { envelopeId: 'e3', topicId: 't3', sender: cancelled, amount: 1, claimedAt: '2026-11-20T08:00:00.000Z' },
            ]),
          ),
      },
    });
    const table = await screen.findByRole('table', { name: '收到的红包' });
    expect(rowsOf(table).map((row) => row.slice(0, 2))).toEqual([
      ['Bob', '¥5.20'],
      ['此用户账号已注销', '¥0.01'],
    ]);
  });
});

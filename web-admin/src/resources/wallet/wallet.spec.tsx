import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider';
import { createDataProvider } from '../../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../../testing/fake-api';
import { membersApi } from '../members';
import { PlatformRevenueList, BalanceEntryList, PointsEntryList } from './Ledgers';
import { cardBody, MembershipCardList } from './MembershipCards';
import type { CardRow } from './MembershipCards';
import { MembershipOrderList } from './MembershipOrders';
import { walletResources, withWallet } from './wallet-api';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

/** A page of the console over the fake API, with the wallet's data provider. */
function renderWallet(
  page: ReactNode,
  resource: string,
  routes: Parameters<typeof fakeApi>[0],
  language = 'en',
  /** The console's address, for a page opened by a link (a list's `?filter=`). */
  at?: string,
) {
  const api = fakeApi(routes);
  const { httpClient } = testClient(api, { language });
  const dataProvider = withWallet(
    createDataProvider({
      apiUrl: '/api',
      httpClient,
      resources: { ...walletResources, members: membersApi },
    }),
    { apiUrl: '/api', httpClient },
  );
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  const admin = (
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      <ResourceContextProvider value={resource}>{page}</ResourceContextProvider>
    </AdminContext>
  );
  render(at ? <MemoryRouter initialEntries={[at]}>{admin}</MemoryRouter> : admin);
  return api;
}

const card: Omit<CardRow, 'id'> = {
  cardId: 'c1',
  name: 'Gold card',
  subtitle: '',
  introduction: '',
  descriptionTags: ['badge'],
  onSale: true,
  roleId: 'vip',
  roleName: 'VIP',
  specifications: [
    {
      specId: 's1',
      name: 'Month',
      price: 3000,
      points: 0,
      marketPrice: null,
      duration: 1,
      unit: 'month',
      enabled: true,
      stock: 7,
    },
  ],
};

const page = (items: unknown[]) => ({ items, page: 1, pageSize: 10, total: items.length, totalPages: 1 });

describe('membership cards in the console', () => {
  it('lists cards with their role, prices and stock, asking the server for the page and filters', async () => {
    const api = renderWallet(<MembershipCardList />, 'membershipCards', {
      'GET /api/wallet/staff/membership-cards': { json: page([card]) },
    });
    const row = within((await screen.findByText('Gold card')).closest('tr')!);
    expect(row.getByText('VIP')).toBeTruthy();
    expect(row.getByText('Month: ¥30.00 (7 left)')).toBeTruthy();
    expect(api.requests[0]!.url).toMatch(/page=1&pageSize=10/);
  });

  it('sends prices as yuan text and keeps a saved specification’s id', () => {
    expect(
      cardBody({ ...card, specifications: [{ ...card.specifications[0]!, price: '45.5', marketPrice: '' }] }),
    ).toMatchObject({
      specifications: [{ specId: 's1', price: '45.5', marketPrice: null, points: 0, unit: 'month', stock: 7 }],
    });
    expect(cardBody(card).specifications[0]).toMatchObject({ price: '30.00' });
  });

  it('lists orders with the order fields (zh)', async () => {
    renderWallet(
      <MembershipOrderList />,
      'membershipOrders',
      {
        'GET /api/wallet/staff/membership-orders': {
          json: page([
            {
              orderId: 'o1',
              orderNumber: '202611211200001234567890',
              memberId: 'm1',
              cardId: 'c1',
              cardName: 'Gold card',
              specName: 'Month',
              roleName: 'VIP',
              amount: 3000,
              points: 0,
              quantity: 1,
              duration: 1,
              unit: 'month',
              paidAt: '2026-11-21T12:00:00.000Z',
              roleGranted: true,
              validUntil: '2026-12-21T12:00:00.000Z',
            },
          ]),
        },
      },
      'zh',
    );
    const row = within((await screen.findByText('202611211200001234567890')).closest('tr')!);
    expect(row.getByText('Gold card · Month')).toBeTruthy();
    expect(row.getByText('¥30.00')).toBeTruthy();
    expect(row.getByText('1 个月')).toBeTruthy();
    expect(screen.getByText('订单号')).toBeTruthy();
  });
});

describe('ledgers in the console', () => {
  it('shows the platform revenue: its balance and its entries', async () => {
    renderWallet(<PlatformRevenueList />, 'platformEntries', {
      'GET /api/wallet/platform': { json: { memberId: 'platform', available: 1234, frozen: 0, points: 0 } },
      'GET /api/wallet/platform/balance-entries': {
        json: page([
          {
            serial: '2026112100000000010000001',
            module: 70,
            amount: 50,
            remark: 'Share',
            at: '2026-11-21T12:00:00.000Z',
          },
        ]),
      },
    });
    expect(await screen.findByText('¥12.34')).toBeTruthy();
    const row = within((await screen.findByText('Share')).closest('tr')!);
    expect(row.getByText('Paid unlock')).toBeTruthy();
    expect(row.getByText('¥0.50')).toBeTruthy();
  });

  it('asks for a member before showing a member’s ledger', async () => {
    const api = renderWallet(<BalanceEntryList />, 'balanceEntries', {});
    expect(await screen.findByText('Choose a member (account or nickname) to see the ledger.')).toBeTruthy();
    // Not react-admin's "empty" page, which would hide the member picker once the empty list has loaded.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('combobox', { name: 'Member' })).toBeTruthy();
    expect(screen.getByText('Choose a member (account or nickname) to see the ledger.')).toBeTruthy();
    expect(api.requests.filter((request) => request.url.includes('/wallet/accounts/'))).toEqual([]);
  });

  it('opens a member’s ledger from the member’s link, page by page', async () => {
    const entry = (n: number) => ({
      serial: `s-${n}`,
      module: 70,
      amount: 100 * n,
      remark: `Entry ${n}`,
      at: '2026-11-21T12:00:00.000Z',
    });
    const api = renderWallet(
      <BalanceEntryList />,
      'balanceEntries',
      {
        'GET /api/wallet/accounts/m-1': { json: { memberId: 'm-1', available: 500, frozen: 0, points: 9 } },
        'GET /api/wallet/accounts/m-1/balance-entries': (request) => {
          const pageNumber = Number(new URL(request.url, 'http://x').searchParams.get('page'));
          return { json: { items: [entry(pageNumber)], total: 30 } };
        },
      },
      'en',
      `/balanceEntries?filter=${encodeURIComponent(JSON.stringify({ memberId: 'm-1' }))}`,
    );
    expect(await screen.findByText('Entry 1')).toBeTruthy();
    expect(screen.getByText('¥5.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Entry 2')).toBeTruthy();
    await waitFor(() =>
      expect(
        api.requests
          .map((request) => new URL(request.url, 'http://x'))
          .filter((url) => url.pathname === '/api/wallet/accounts/m-1/balance-entries')
          .map((url) => url.searchParams.get('page')),
      ).toEqual(['1', '2']),
    );
  });

  it('finds the member by account or nickname, then shows their points ledger', async () => {
    renderWallet(<PointsEntryList />, 'pointsEntries', {
      'GET /api/identity/staff/members': {
        json: { items: [{ id: 'm-7', account: 'ada_l', nickname: 'Ada', kind: 'member', state: 'enabled' }], total: 1 },
      },
      'GET /api/wallet/accounts/m-7': { json: { memberId: 'm-7', available: 0, frozen: 0, points: 42 } },
      'GET /api/wallet/accounts/m-7/points-entries': {
        json: page([{ serial: 'p-1', module: 70, amount: 5, remark: 'Thanks', at: '2026-11-21T12:00:00.000Z' }]),
      },
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Member' }), { target: { value: 'ada' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ada (ada_l)' }));
    expect(await screen.findByText('Thanks')).toBeTruthy();
    expect(await screen.findByText('42')).toBeTruthy();
  });
});

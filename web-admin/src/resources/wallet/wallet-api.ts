import type { DataProvider, GetListParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { WalletView } from '@contracts/wallet/wallet.views';
import type { HttpClient } from '../../api/http-client';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';
import type { CustomResource, ResourceConfig, ResourceEntry } from '../../providers/rest-resource';

export interface AdjustBalanceInput {
  /** Signed integer fen: positive credits, negative debits. */
  amountFen: number;
  reason: string;
}

/** The wallet's part of every console provider: a staff adjustment of a member's balance. */
export interface BalanceVerbs {
  adjustBalance(memberId: Identifier, input: AdjustBalanceInput, options?: CommandOptions): Promise<{ data: unknown }>;
}

export function balanceVerbs({ command }: ProviderContext): BalanceVerbs {
  return {
    adjustBalance: (memberId, input, options) =>
      command(`wallet/accounts/${segment(memberId)}/adjustments`, input, options),
  };
}

/** Staff card editing: `/api/wallet/staff/membership-cards` (money in the body is yuan text, answers are fen). */
export const membershipCardsApi: ResourceConfig = {
  path: 'wallet/staff/membership-cards',
  idField: 'cardId',
  queryFilters: ['onSale', 'q'],
  createFields: ['name', 'subtitle', 'introduction', 'descriptionTags', 'onSale', 'roleId', 'specifications'],
  updateFields: ['name', 'subtitle', 'introduction', 'descriptionTags', 'onSale', 'roleId', 'specifications'],
};

export const membershipOrdersApi: ResourceConfig = {
  path: 'wallet/staff/membership-orders',
  idField: 'orderId',
  queryFilters: ['memberId', 'cardId'],
};

export const PLATFORM = 'platform';

/** A wallet's address: a member's account, or the platform's revenue. */
const walletPath = (apiUrl: string, walletId: string) =>
  walletId === PLATFORM ? `${apiUrl}/wallet/platform` : `${apiUrl}/wallet/accounts/${encodeURIComponent(walletId)}`;

/**
 * A ledger resource: a member's list needs the member in the path (`filter.memberId`; none chosen lists nothing),
 * the platform's revenue ledger is the platform wallet's; rows are identified by their serial.
 */
function ledgerResource(ledger: 'balance-entries' | 'points-entries', wallet: 'member' | 'platform'): CustomResource {
  return {
    handlers: ({ apiUrl, httpClient }) => ({
      async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
        const walletId = wallet === 'platform' ? PLATFORM : String(params.filter?.memberId ?? '').trim();
        if (!walletId) return { data: [], total: 0 };
        const { json } = await httpClient<{ items: Record<string, unknown>[]; total: number }>(
          `${walletPath(apiUrl, walletId)}/${ledger}`,
          { query: { page: params.pagination?.page ?? 1, pageSize: params.pagination?.perPage ?? 20 } },
        );
        return { data: json.items.map((row) => ({ ...row, id: row.serial }) as unknown as R), total: json.total };
      },
    }),
  };
}

/** A member's balance and points ledgers (resources `balanceEntries`, `pointsEntries`), the platform's revenue. */
export const balanceEntriesApi = ledgerResource('balance-entries', 'member');
export const pointsEntriesApi = ledgerResource('points-entries', 'member');
export const platformEntriesApi = ledgerResource('balance-entries', 'platform');

/** A wallet's balances (`WalletView`, ADR 0047), keyed by the wallet id. */
export type WalletAccount = WalletView & { id: string };

export interface WalletDataProvider {
  /** Staff add (or remove, negative) units of a specification's stock. */
  adjustMembershipStock(cardId: string, specId: string, change: number): Promise<{ data: unknown }>;
}

/** A wallet's balances (resource `walletAccounts`): the id is a member id or `platform`. */
export const walletAccountsApi: CustomResource = {
  handlers: ({ apiUrl, httpClient }) => ({
    async getOne<R extends RaRecord>(_resource: string, params: GetOneParams<R>) {
      const { json } = await httpClient<Omit<WalletAccount, 'id'>>(walletPath(apiUrl, String(params.id)));
      return { data: { ...json, id: params.id } as unknown as R };
    },
  }),
};

/** The wallet's entries of the console's resource table. */
export const walletResources: Record<string, ResourceEntry> = {
  membershipCards: membershipCardsApi,
  membershipOrders: membershipOrdersApi,
  balanceEntries: balanceEntriesApi,
  pointsEntries: pointsEntriesApi,
  platformEntries: platformEntriesApi,
  walletAccounts: walletAccountsApi,
};

/** Adds the wallet's staff verb (the stock adjustment) to the console's dataProvider. */
export function withWallet<P extends DataProvider>(
  provider: P,
  options: { apiUrl: string; httpClient: HttpClient; newIdempotencyKey?: () => string },
): P & WalletDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  return {
    ...provider,
    async adjustMembershipStock(cardId: string, specId: string, change: number) {
      const { json } = await httpClient(
        `${apiUrl}/wallet/staff/membership-cards/${encodeURIComponent(cardId)}/specifications/${encodeURIComponent(specId)}/stock`,
        { method: 'POST', body: { change }, idempotencyKey: newKey() },
      );
      return { data: json };
    },
  };
}

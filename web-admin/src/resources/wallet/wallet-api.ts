import type { DataProvider, GetListParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../../api/http-client';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';
import type { ResourceConfig } from '../../providers/rest-resource';

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

/** The ledger resources that are not a plain path: a member's lists need the member in the path. */
const LEDGERS: Record<string, 'balance-entries' | 'points-entries'> = {
  balanceEntries: 'balance-entries',
  pointsEntries: 'points-entries',
  platformEntries: 'balance-entries',
};

export const PLATFORM = 'platform';

export interface WalletAccount {
  id: string;
  memberId: string;
  available: number;
  frozen: number;
  points: number;
}

export interface WalletDataProvider {
  /** Staff add (or remove, negative) units of a specification's stock. */
  adjustMembershipStock(cardId: string, specId: string, change: number): Promise<{ data: unknown }>;
}

/**
 * Adds the wallet's screens to the console's dataProvider: a member's balance and points ledgers (resources
 * `balanceEntries`, `pointsEntries`, filtered by `memberId`), the platform revenue ledger (`platformEntries`),
 * a wallet's balances (`walletAccounts`, id = member id or `platform`), and the stock adjustment.
 */
export function withWallet<P extends DataProvider>(
  provider: P,
  options: { apiUrl: string; httpClient: HttpClient; newIdempotencyKey?: () => string },
): P & WalletDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const walletPath = (walletId: string) =>
    walletId === PLATFORM ? `${apiUrl}/wallet/platform` : `${apiUrl}/wallet/accounts/${encodeURIComponent(walletId)}`;
  return {
    ...provider,
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const ledger = LEDGERS[resource];
      if (!ledger) return provider.getList<R>(resource, params);
      const walletId = resource === 'platformEntries' ? PLATFORM : String(params.filter?.memberId ?? '').trim();
      if (!walletId) return { data: [], total: 0 };
      const { json } = await httpClient<{ items: Record<string, unknown>[]; total: number }>(
        `${walletPath(walletId)}/${ledger}`,
        { query: { page: params.pagination?.page ?? 1, pageSize: params.pagination?.perPage ?? 20 } },
      );
      return { data: json.items.map((row) => ({ ...row, id: row.serial }) as unknown as R), total: json.total };
    },
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
      if (resource !== 'walletAccounts') return provider.getOne<R>(resource, params);
      const { json } = await httpClient<Omit<WalletAccount, 'id'>>(walletPath(String(params.id)));
      return { data: { ...json, id: params.id } as unknown as R };
    },
    async adjustMembershipStock(cardId: string, specId: string, change: number) {
      const { json } = await httpClient(
        `${apiUrl}/wallet/staff/membership-cards/${encodeURIComponent(cardId)}/specifications/${encodeURIComponent(specId)}/stock`,
        { method: 'POST', body: { change }, idempotencyKey: newKey() },
      );
      return { data: json };
    },
  };
}

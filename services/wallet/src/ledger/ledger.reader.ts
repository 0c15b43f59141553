import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { BalanceEntryView, Page, PointsEntryView, WalletView } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import {
  BALANCE_ENTRIES,
  BalanceEntryDocument,
  POINTS_ENTRIES,
  PointsEntryDocument,
  WALLET_ACCOUNTS,
  WalletAccountDocument,
} from './ledger.projection';

/** Reads of the ledger read model: balances by `_id`, entries newest first as one `_id` range per wallet. */
@Injectable()
export class LedgerReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async wallet(walletId: string): Promise<WalletView> {
    const account = await this.account(walletId);
    return {
      memberId: walletId,
      available: account?.available ?? 0,
      frozen: account?.frozen ?? 0,
      points: account?.points ?? 0,
    };
  }

  balanceEntries(walletId: string, page: number, pageSize: number): Promise<Page<BalanceEntryView>> {
    return this.entries<BalanceEntryDocument>(BALANCE_ENTRIES, 'balanceEntries', walletId, page, pageSize);
  }

  pointsEntries(walletId: string, page: number, pageSize: number): Promise<Page<PointsEntryView>> {
    return this.entries<PointsEntryDocument>(POINTS_ENTRIES, 'pointsEntries', walletId, page, pageSize);
  }

  private account(walletId: string): Promise<WalletAccountDocument | null> {
    return this.db.collection<WalletAccountDocument>(WALLET_ACCOUNTS).findOne({ _id: walletId });
  }

  private async entries<T extends { _id: string }>(
    collection: string,
    counter: 'balanceEntries' | 'pointsEntries',
    walletId: string,
    page: number,
    pageSize: number,
  ): Promise<Page<Omit<T, '_id' | '_version'>>> {
    const prefix = `${walletId}|`;
    const [rows, account] = await Promise.all([
      this.db
        .collection<{ _id: string }>(collection)
        .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } }, { projection: { _version: 0 } })
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.account(walletId),
    ]);
    const items = rows.map(({ _id, ...row }) => row as unknown as Omit<T, '_id' | '_version'>);
    return pageOf(items, page, pageSize, account?.[counter] ?? 0);
  }
}

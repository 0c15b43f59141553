import type { BalanceEntryKind, BalanceEntryView, EventEnvelope, PointsEntryView, WalletEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const LEDGER_PROJECTION = 'wallet-ledgers';

/** One document per wallet (`_id` = member id, or `platform`): the balances the screens show. */
export const WALLET_ACCOUNTS = 'wallet_accounts';
/** One row per balance entry, `_id` = `<walletId>|<stream version, 10 digits>`: a wallet's list is one `_id` range. */
export const BALANCE_ENTRIES = 'wallet_balance_entries';
export const POINTS_ENTRIES = 'wallet_points_entries';

export interface WalletAccountDocument {
  _id: string;
  available?: number;
  frozen?: number;
  points?: number;
  balanceEntries?: number;
  pointsEntries?: number;
  updatedAt?: string;
}

/** A ledger row as the wallet answers it (`BalanceEntryView`), kept under `<walletId>|<stream version>`. */
export interface BalanceEntryDocument extends BalanceEntryView {
  _id: string;
}

export interface PointsEntryDocument extends PointsEntryView {
  _id: string;
}

export function entryId(walletId: string, version: number): string {
  return `${walletId}|${String(version).padStart(10, '0')}`;
}

const KIND: Record<Exclude<WalletEvent['type'], 'PointsCredited' | 'PointsDebited'>, BalanceEntryKind> = {
  BalanceCredited: 'credit',
  BalanceDebited: 'debit',
  BalanceFrozen: 'freeze',
  FrozenBalanceReleased: 'release',
  FrozenBalanceSpent: 'spend',
};

/**
 * Balances and entry lists from the wallet streams. Every write is guarded by the wallet stream's version, so
 * a redelivered event changes nothing (the entry counters' `$inc` included); balances are copied from the
 * event's "after" fields, never summed here.
 */
export const ledgerProjection: ProjectionDefinition = {
  name: LEDGER_PROJECTION,
  version: 1,
  topics: ['wallet.wallet'],
  collections: [WALLET_ACCOUNTS, BALANCE_ENTRIES, POINTS_ENTRIES],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & WalletEvent;
    const { memberId, serial, module, amount, remark, reference, operationId, at } = event.data;
    const id = entryId(memberId, envelope.version);
    if (event.type === 'PointsCredited' || event.type === 'PointsDebited') {
      writer.upsertVersioned(WALLET_ACCOUNTS, memberId, envelope, {
        $set: { points: event.data.pointsAfter, updatedAt: at },
        $inc: { pointsEntries: 1 },
      });
      const income = event.type === 'PointsCredited';
      writer.upsertVersioned(POINTS_ENTRIES, id, envelope, {
        $set: {
          memberId,
          serial,
          module,
          direction: income ? 'income' : 'expense',
          amount: income ? amount : -amount,
          pointsAfter: event.data.pointsAfter,
          remark,
          reference,
          operationId,
          at,
        },
      });
      return;
    }
    const { availableAfter, frozenAfter } = event.data;
    const kind = KIND[event.type];
    writer.upsertVersioned(WALLET_ACCOUNTS, memberId, envelope, {
      $set: { available: availableAfter, frozen: frozenAfter, updatedAt: at },
      $inc: { balanceEntries: 1 },
    });
    writer.upsertVersioned(BALANCE_ENTRIES, id, envelope, {
      $set: {
        memberId,
        serial,
        module,
        kind,
        amount: kind === 'credit' || kind === 'release' ? amount : -amount,
        availableAfter,
        frozenAfter,
        remark,
        reference,
        operationId,
        at,
      },
    });
  },
};

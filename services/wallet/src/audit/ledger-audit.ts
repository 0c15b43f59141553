import type { Db } from 'mongodb';
import { BALANCE_MODULES } from '@forum/contracts';
import type { PaymentIntentEvent, WalletEvent } from '@forum/contracts';
import { checkEnvelopes, isEnvelopeOperation } from '../envelopes/envelope-audit';

/** The read model the audit compares with (the ledger projection's accounts collection). */
const ACCOUNTS = 'wallet_accounts';

export type AuditProblem =
  | 'read_model_mismatch'
  | 'read_model_missing'
  | 'read_model_unknown'
  | 'read_model_behind'
  | 'event_inconsistent'
  | 'negative_balance'
  | 'duplicate_operation'
  | 'duplicate_serial'
  | 'transfer_overpaid'
  | 'recharge_mismatch'
  | 'envelope_mismatch'
  | 'conservation';

export interface AuditDifference {
  walletId: string;
  problem: AuditProblem;
  detail: string;
  expected?: Balances;
  actual?: Balances;
}

export interface Balances {
  available: number;
  frozen: number;
  points: number;
}

export interface AuditReport {
  ok: boolean;
  checkedAt: string;
  elapsedMs: number;
  events: number;
  wallets: number;
  money: {
    /** Σ recharges credited (module 5) + Σ staff credits (160): what came into the system. */
    cameIn: number;
    /** Σ staff debits (160) + Σ membership purchases (1): what left the system. */
    wentOut: number;
    /** Σ available + frozen over every wallet, the platform's included. */
    held: number;
    /** Debited by a transfer whose credit legs are not all booked yet. */
    inTransit: number;
  };
  points: { issued: number; removed: number; held: number; inTransit: number };
  differences: AuditDifference[];
}

interface StoredCommit {
  _id: string;
  streamId: string;
  events: { type: string; version: number; data: unknown }[];
}

interface Replayed extends Balances {
  version: number;
}

export interface AuditOptions {
  /** How long a read model that looks behind is read again before it counts as a difference. */
  settleMs?: number;
  /** The replay's position in the wallets' commits, for the console's progress bar (ADR 0021). */
  onProgress?(progress: { phase: 'replay' | 'compare'; done: number; total: number }): void;
}

/** Modules through which money enters or leaves the system; every other movement is between wallets. */
const MONEY_IN = new Set<number>([BALANCE_MODULES.recharge, BALANCE_MODULES.staffAdjustment]);
const MONEY_OUT = new Set<number>([BALANCE_MODULES.staffAdjustment, BALANCE_MODULES.membershipCard]);

/** Commits of one stream category, found by an `_id` range (commit ids start with the stream id). */
function category(db: Db, name: string) {
  return db
    .collection<StoredCommit>('commits')
    .find({ _id: { $gt: `${name}-`, $lt: `${name}.` } })
    .sort({ _id: 1 })
    .batchSize(2000);
}

/**
 * Replays the wallet's event log (its own `commits` collection, nothing else) and checks, to the fen:
 * - every event's balances-after agree with the replayed arithmetic, and nothing is ever negative;
 * - operation ids and serial numbers are unique;
 * - each wallet's read model shows the replayed available, frozen and points;
 * - every paid payment intent was credited once with its amount, and no recharge credit lacks a paid intent;
 * - every red envelope's freeze, claim payments and refund agree with its stream (`checkEnvelopes`);
 * - Σ (available + frozen) + in-transit = what came in − what went out (the same for points).
 * Needs only a MongoDB database handle, so the CLI runs it without booting the app.
 */
export async function auditLedgers(db: Db, options: AuditOptions = {}): Promise<AuditReport> {
  const started = Date.now();
  const totalCommits = options.onProgress
    ? await db.collection<StoredCommit>('commits').countDocuments({ _id: { $gt: 'wallet-', $lt: 'wallet.' } })
    : 0;
  let replayedCommits = 0;
  const differences: AuditDifference[] = [];
  const wallets = new Map<string, Replayed>();
  const operations = new Set<string>();
  const serials = new Map<string, string>();
  const planned = new Map<string, { from: string; amount: number; points: boolean }>();
  const credited = new Map<string, number>();
  const rechargeCredits = new Map<string, number>();
  const envelopeMoves = new Map<string, number>();
  const money = { cameIn: 0, wentOut: 0, held: 0, inTransit: 0 };
  const points = { issued: 0, removed: 0, held: 0, inTransit: 0 };
  let events = 0;

  for await (const commit of category(db, 'wallet')) {
    if (options.onProgress && ++replayedCommits % 200 === 0) {
      options.onProgress({ phase: 'replay', done: replayedCommits, total: totalCommits });
    }
    const walletId = commit.streamId.slice('wallet-'.length);
    const state = wallets.get(walletId) ?? { available: 0, frozen: 0, points: 0, version: 0 };
    for (const stored of commit.events) {
      events++;
      const event = { type: stored.type, data: stored.data } as WalletEvent;
      const { amount, module, operationId, serial, transferId } = event.data;
      const problem = (kind: AuditProblem, detail: string) =>
        differences.push({ walletId, problem: kind, detail: `entry ${stored.version}: ${detail}` });
      if (operations.has(operationId)) problem('duplicate_operation', `operation ${operationId} booked twice`);
      operations.add(operationId);
      if (isEnvelopeOperation(operationId)) envelopeMoves.set(operationId, amount);
      const otherWallet = serials.get(serial);
      if (otherWallet !== undefined) problem('duplicate_serial', `serial ${serial} also used by ${otherWallet}`);
      serials.set(serial, walletId);
      const plan = 'transfer' in event.data ? event.data.transfer : null;
      if (plan) planned.set(plan.transferId, { from: walletId, amount, points: event.type === 'PointsDebited' });
      if (transferId) credited.set(transferId, (credited.get(transferId) ?? 0) + amount);
      switch (event.type) {
        case 'BalanceCredited':
          state.available += amount;
          if (!transferId && MONEY_IN.has(module)) money.cameIn += amount;
          if (module === BALANCE_MODULES.recharge && event.data.reference)
            rechargeCredits.set(event.data.reference, (rechargeCredits.get(event.data.reference) ?? 0) + amount);
          break;
        case 'BalanceDebited':
          state.available -= amount;
          if (!plan && MONEY_OUT.has(module)) money.wentOut += amount;
          break;
        case 'BalanceFrozen':
          state.available -= amount;
          state.frozen += amount;
          break;
        case 'FrozenBalanceReleased':
          state.frozen -= amount;
          state.available += amount;
          break;
        case 'FrozenBalanceSpent':
          state.frozen -= amount;
          if (!plan && MONEY_OUT.has(module)) money.wentOut += amount;
          break;
        case 'PointsCredited':
          state.points += amount;
          if (!transferId) points.issued += amount;
          break;
        case 'PointsDebited':
          state.points -= amount;
          if (!plan) points.removed += amount;
          break;
      }
      state.version = stored.version;
      if (state.available < 0 || state.frozen < 0 || state.points < 0)
        problem('negative_balance', `${JSON.stringify(state)} after ${event.type}`);
      const after = event.data as Partial<{ availableAfter: number; frozenAfter: number; pointsAfter: number }>;
      const disagrees =
        event.type === 'PointsCredited' || event.type === 'PointsDebited'
          ? after.pointsAfter !== state.points
          : after.availableAfter !== state.available || after.frozenAfter !== state.frozen;
      if (disagrees) problem('event_inconsistent', `${event.type} records balances the replay does not give`);
    }
    wallets.set(walletId, state);
  }

  for (const [transferId, plan] of planned) {
    const open = plan.amount - (credited.get(transferId) ?? 0);
    if (open < 0)
      differences.push({
        walletId: plan.from,
        problem: 'transfer_overpaid',
        detail: `transfer ${transferId}: ${-open} too much credited`,
      });
    else if (plan.points) points.inTransit += open;
    else money.inTransit += open;
  }

  await checkRecharges(db, rechargeCredits, differences);
  events += await checkEnvelopes(db, envelopeMoves, differences);

  for (const state of wallets.values()) {
    money.held += state.available + state.frozen;
    points.held += state.points;
  }
  if (money.held + money.inTransit !== money.cameIn - money.wentOut) {
    differences.push({
      walletId: '*',
      problem: 'conservation',
      detail: `money held ${money.held} + in transit ${money.inTransit} ≠ came in ${money.cameIn} − went out ${money.wentOut}`,
    });
  }
  if (points.held + points.inTransit !== points.issued - points.removed) {
    differences.push({
      walletId: '*',
      problem: 'conservation',
      detail: `points held ${points.held} + in transit ${points.inTransit} ≠ issued ${points.issued} − removed ${points.removed}`,
    });
  }

  options.onProgress?.({ phase: 'compare', done: replayedCommits, total: totalCommits });
  differences.push(...(await compareReadModel(db, wallets, options.settleMs ?? 5000)));
  return {
    ok: differences.length === 0,
    checkedAt: new Date().toISOString(),
    elapsedMs: Date.now() - started,
    events,
    wallets: wallets.size,
    money,
    points,
    differences,
  };
}

/** Each paid intent credited exactly its amount; each recharge credit backed by a paid intent. */
async function checkRecharges(db: Db, credits: Map<string, number>, differences: AuditDifference[]): Promise<void> {
  const paid = new Map<string, { memberId: string; amount: number }>();
  for await (const commit of category(db, 'paymentIntent')) {
    for (const stored of commit.events) {
      const event = { type: stored.type, data: stored.data } as PaymentIntentEvent;
      if (event.type === 'PaymentIntentPaid') paid.set(event.data.intentId, event.data);
    }
  }
  for (const [intentId, intent] of paid) {
    const got = credits.get(intentId) ?? 0;
    if (got !== intent.amount)
      differences.push({
        walletId: intent.memberId,
        problem: 'recharge_mismatch',
        detail: `intent ${intentId} paid ${intent.amount} fen, credited ${got}`,
      });
  }
  for (const [intentId, amount] of credits) {
    if (!paid.has(intentId))
      differences.push({
        walletId: '*',
        problem: 'recharge_mismatch',
        detail: `recharge credit of ${amount} fen for unpaid intent ${intentId}`,
      });
  }
}

interface AccountDocument {
  _id: string;
  _version?: number;
  available?: number;
  frozen?: number;
  points?: number;
}

/**
 * Compares every wallet with its read model. A read model still behind the log (projection lag, not a wrong
 * number) is read again for up to `settleMs` before it counts as a difference.
 */
async function compareReadModel(db: Db, wallets: Map<string, Replayed>, settleMs: number): Promise<AuditDifference[]> {
  const accounts = db.collection<AccountDocument>(ACCOUNTS);
  const deadline = Date.now() + settleMs;
  let pending = [...wallets.keys()];
  for (;;) {
    const differences: AuditDifference[] = [];
    const behind: string[] = [];
    for (let i = 0; i < pending.length; i += 1000) {
      const ids = pending.slice(i, i + 1000);
      const docs = new Map((await accounts.find({ _id: { $in: ids } }).toArray()).map((doc) => [doc._id, doc]));
      for (const walletId of ids) {
        const expected = wallets.get(walletId)!;
        const doc = docs.get(walletId);
        const actual = doc && { available: doc.available ?? 0, frozen: doc.frozen ?? 0, points: doc.points ?? 0 };
        const want = { available: expected.available, frozen: expected.frozen, points: expected.points };
        if (
          actual &&
          actual.available === want.available &&
          actual.frozen === want.frozen &&
          actual.points === want.points
        )
          continue;
        if (!doc || (doc._version ?? 0) < expected.version) behind.push(walletId);
        differences.push({
          walletId,
          problem: !doc
            ? 'read_model_missing'
            : (doc._version ?? 0) < expected.version
              ? 'read_model_behind'
              : 'read_model_mismatch',
          detail: !doc
            ? 'no read model'
            : (doc._version ?? 0) < expected.version
              ? `read model at entry ${doc._version ?? 0}, log at ${expected.version}`
              : `read model differs from the replay at entry ${expected.version}`,
          expected: want,
          ...(actual ? { actual } : {}),
        });
      }
    }
    if (behind.length === 0 || Date.now() >= deadline)
      return [...differences, ...(await unknownReadModels(db, wallets))];
    pending = differences.map((difference) => difference.walletId);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Read models of wallets the log does not have (one pass over the accounts, without a giant `$nin`). */
async function unknownReadModels(db: Db, wallets: Map<string, Replayed>): Promise<AuditDifference[]> {
  const differences: AuditDifference[] = [];
  const cursor = db
    .collection<AccountDocument>(ACCOUNTS)
    .find({}, { projection: { _id: 1, available: 1, frozen: 1, points: 1 } })
    .batchSize(5000);
  for await (const doc of cursor) {
    if (wallets.has(doc._id)) continue;
    differences.push({
      walletId: doc._id,
      problem: 'read_model_unknown',
      detail: 'a read model for a wallet the log does not have',
      actual: { available: doc.available ?? 0, frozen: doc.frozen ?? 0, points: doc.points ?? 0 },
    });
  }
  return differences;
}

/** The report as text lines for the console. */
export function formatReport(report: AuditReport): string {
  const lines = [
    `ledger audit ${report.ok ? 'PASSED' : 'FAILED'} at ${report.checkedAt} (${report.elapsedMs} ms)`,
    `  ${report.events} events, ${report.wallets} wallets`,
    `  money (fen): came in ${report.money.cameIn}, went out ${report.money.wentOut}, held ${report.money.held}, in transit ${report.money.inTransit}`,
    `  points: issued ${report.points.issued}, removed ${report.points.removed}, held ${report.points.held}, in transit ${report.points.inTransit}`,
  ];
  for (const difference of report.differences) {
    lines.push(`  DIFFERENCE ${difference.problem} wallet ${difference.walletId}: ${difference.detail}`);
    if (difference.expected) lines.push(`    expected ${JSON.stringify(difference.expected)}`);
    if (difference.actual) lines.push(`    actual   ${JSON.stringify(difference.actual)}`);
  }
  return lines.join('\n');
}

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
  /**
   * The cut is "every commit stored before the audit started, less this margin" (default 1 s): the margin covers
   * clock differences between the writers and the auditor (`committedAt` is the writer's clock).
   */
  cutMarginMs?: number;
  /** The replay's position in the wallets' commits, for the console's progress bar (ADR 0021). */
  onProgress?(progress: { phase: 'replay' | 'compare'; done: number; total: number }): void;
}

/** Modules through which money enters or leaves the system; every other movement is between wallets. */
const MONEY_IN = new Set<number>([BALANCE_MODULES.recharge, BALANCE_MODULES.staffAdjustment]);
const MONEY_OUT = new Set<number>([BALANCE_MODULES.staffAdjustment, BALANCE_MODULES.membershipCard]);

/**
 * Commits of one stream category stored before the cut, found by an `_id` range (commit ids start with the
 * stream id).
 *
 * Why a cut: the audit replays while members are being credited, and a scan in `_id` order would otherwise see
 * one wallet before a write and the next after it. Every commit is stored only after the commits it follows
 * from (a transfer's debit before its legs, a claim before its payment, `MarkPaid` before the recharge credit,
 * a stream's version n before n + 1) and is stamped `committedAt` before it is inserted, so the commits stamped
 * before a moment that precedes the scan form a consistent cut: whatever is in it, what it follows from was
 * already stored when the scan began. A write still in flight at that moment may fall on either side; none of
 * the cut's commits follows from it.
 */
export function category(db: Db, name: string, cut: Date) {
  return db
    .collection<StoredCommit>('commits')
    .find({ _id: { $gt: `${name}-`, $lt: `${name}.` }, committedAt: { $lt: cut } })
    .sort({ _id: 1 })
    .batchSize(2000);
}

/** What a wallet event does to the balances (no checks: `auditLedgers` checks, the read-model tail only sums). */
function applyEntry(state: Balances, type: WalletEvent['type'], amount: number): void {
  switch (type) {
    case 'BalanceCredited':
      state.available += amount;
      break;
    case 'BalanceDebited':
      state.available -= amount;
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
      break;
    case 'PointsCredited':
      state.points += amount;
      break;
    case 'PointsDebited':
      state.points -= amount;
      break;
  }
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
  const cut = new Date(started - (options.cutMarginMs ?? 1000));
  const totalCommits = options.onProgress
    ? await db
        .collection<StoredCommit>('commits')
        .countDocuments({ _id: { $gt: 'wallet-', $lt: 'wallet.' }, committedAt: { $lt: cut } })
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

  for await (const commit of category(db, 'wallet', cut)) {
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
      applyEntry(state, event.type, amount);
      switch (event.type) {
        case 'BalanceCredited':
          if (!transferId && MONEY_IN.has(module)) money.cameIn += amount;
          if (module === BALANCE_MODULES.recharge && event.data.reference)
            rechargeCredits.set(event.data.reference, (rechargeCredits.get(event.data.reference) ?? 0) + amount);
          break;
        case 'BalanceDebited':
        case 'FrozenBalanceSpent':
          if (!plan && MONEY_OUT.has(module)) money.wentOut += amount;
          break;
        case 'PointsCredited':
          if (!transferId) points.issued += amount;
          break;
        case 'PointsDebited':
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

  await checkRecharges(db, cut, rechargeCredits, differences);
  events += await checkEnvelopes(db, cut, envelopeMoves, differences);

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

/** The ledger's idempotency key of an operation (as `operationKey` in `ledger/ledger.ts`, which the CLI does not load). */
function ledgerKey(operationId: string): string {
  return `ledger:${operationId}`;
}

/**
 * Each paid intent credited exactly its amount; each recharge credit backed by a paid intent. An intent paid
 * within the cut whose credit was booked after it is money on its way (the credit follows `MarkPaid`), not a
 * difference: a quiet re-run would find both.
 */
async function checkRecharges(
  db: Db,
  cut: Date,
  credits: Map<string, number>,
  differences: AuditDifference[],
): Promise<void> {
  const paid = new Map<string, { memberId: string; amount: number }>();
  for await (const commit of category(db, 'paymentIntent', cut)) {
    for (const stored of commit.events) {
      const event = { type: stored.type, data: stored.data } as PaymentIntentEvent;
      if (event.type === 'PaymentIntentPaid') paid.set(event.data.intentId, event.data);
    }
  }
  const commits = db.collection<StoredCommit & { idem: string; committedAt: Date }>('commits');
  for (const [intentId, intent] of paid) {
    const got = credits.get(intentId) ?? 0;
    if (got === intent.amount) continue;
    if (got === 0) {
      const later = await commits.findOne(
        { idem: ledgerKey(`recharge:${intentId}`) },
        { projection: { committedAt: 1 } },
      );
      if (later && later.committedAt >= cut) continue;
    }
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

const VERSION_WIDTH = 10;

function walletCommitId(walletId: string, version: number): string {
  return `wallet-${walletId}|${String(version).padStart(VERSION_WIDTH, '0')}`;
}

/**
 * The balances of wallets at a later version than the cut gave them: their commits after the cut, read by `_id`
 * (a commit's id is its stream and first version, so the candidates are known), summed on from the cut's state.
 * A wallet whose log ends before the asked version is left out (its read model claims entries the log has not).
 */
async function balancesAt(
  db: Db,
  asked: { walletId: string; from: Replayed; to: number }[],
): Promise<Map<string, Replayed>> {
  const found = new Map<string, Replayed>();
  const commits = db.collection<StoredCommit>('commits');
  for (let i = 0; i < asked.length;) {
    const chunk: typeof asked = [];
    const ids: string[] = [];
    for (; i < asked.length && ids.length < 2000; i++) {
      const item = asked[i]!;
      chunk.push(item);
      for (let version = item.from.version + 1; version <= item.to; version++)
        ids.push(walletCommitId(item.walletId, version));
    }
    const byId = new Map((await commits.find({ _id: { $in: ids } }).toArray()).map((commit) => [commit._id, commit]));
    for (const { walletId, from, to } of chunk) {
      const state = { ...from };
      let commit = byId.get(walletCommitId(walletId, state.version + 1));
      while (commit && state.version < to) {
        for (const stored of commit.events) {
          const { amount } = stored.data as { amount: number };
          applyEntry(state, stored.type as WalletEvent['type'], amount);
          state.version = stored.version;
        }
        commit = byId.get(walletCommitId(walletId, state.version + 1));
      }
      if (state.version === to) found.set(walletId, state);
    }
  }
  return found;
}

/**
 * Compares every wallet with its read model, each at the version the read model shows:
 * - at the cut's version: compared with the replay;
 * - ahead of the cut (credited since the audit began): the wallet's later commits are summed on up to the read
 *   model's version and compared there, so a read model that is merely newer is not a difference, and one that
 *   is wrong still is;
 * - behind (projection lag, not a wrong number): read again for up to `settleMs` before it counts.
 * Read models of wallets whose first commit came after the cut are compared the same way, from zero.
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
      const ahead: { walletId: string; from: Replayed; to: number }[] = [];
      for (const walletId of ids) {
        const expected = wallets.get(walletId)!;
        const doc = docs.get(walletId);
        const version = doc?._version ?? 0;
        if (doc && version > expected.version) {
          ahead.push({ walletId, from: expected, to: version });
          continue;
        }
        const difference = compareAccount(walletId, expected, doc);
        if (!difference) continue;
        if (difference.problem !== 'read_model_mismatch') behind.push(walletId);
        differences.push(difference);
      }
      const later = await balancesAt(db, ahead);
      for (const { walletId, to } of ahead) {
        const difference = compareAccount(walletId, later.get(walletId) ?? null, docs.get(walletId), to);
        if (difference) differences.push(difference);
      }
    }
    if (behind.length === 0 || Date.now() >= deadline)
      return [...differences, ...(await unknownReadModels(db, wallets))];
    pending = differences.map((difference) => difference.walletId);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * One wallet against its read model; `expected` null = the log has no entry `version` the read model shows.
 * Answers nothing when they agree.
 */
function compareAccount(
  walletId: string,
  expected: Replayed | null,
  doc: AccountDocument | undefined,
  version = expected?.version ?? 0,
): AuditDifference | null {
  const actual = doc && { available: doc.available ?? 0, frozen: doc.frozen ?? 0, points: doc.points ?? 0 };
  const want = expected && { available: expected.available, frozen: expected.frozen, points: expected.points };
  if (!doc)
    return { walletId, problem: 'read_model_missing', detail: 'no read model', ...(want ? { expected: want } : {}) };
  if (!want)
    return {
      walletId,
      problem: 'read_model_mismatch',
      detail: `read model at entry ${version}, which the log does not have`,
      actual: actual!,
    };
  if (actual!.available === want.available && actual!.frozen === want.frozen && actual!.points === want.points)
    return null;
  if ((doc._version ?? 0) < version)
    return {
      walletId,
      problem: 'read_model_behind',
      detail: `read model at entry ${doc._version ?? 0}, log at ${version}`,
      expected: want,
      actual: actual!,
    };
  return {
    walletId,
    problem: 'read_model_mismatch',
    detail: `read model differs from the replay at entry ${version}`,
    expected: want,
    actual: actual!,
  };
}

/**
 * Read models of wallets the cut does not have (one pass over the accounts, without a giant `$nin`): a wallet
 * first credited after the cut is compared at its read model's version like any other; one the log does not
 * have at all is `read_model_unknown`.
 */
async function unknownReadModels(db: Db, wallets: Map<string, Replayed>): Promise<AuditDifference[]> {
  const differences: AuditDifference[] = [];
  const newer: AccountDocument[] = [];
  const cursor = db
    .collection<AccountDocument>(ACCOUNTS)
    .find({}, { projection: { _id: 1, _version: 1, available: 1, frozen: 1, points: 1 } })
    .batchSize(5000);
  for await (const doc of cursor) {
    if (!wallets.has(doc._id)) newer.push(doc);
  }
  const zero: Replayed = { available: 0, frozen: 0, points: 0, version: 0 };
  const later = await balancesAt(
    db,
    newer.map((doc) => ({ walletId: doc._id, from: zero, to: doc._version ?? 0 })),
  );
  for (const doc of newer) {
    const at = later.get(doc._id);
    if (!at || at.version === 0) {
      differences.push({
        walletId: doc._id,
        problem: 'read_model_unknown',
        detail: 'a read model for a wallet the log does not have',
        actual: { available: doc.available ?? 0, frozen: doc.frozen ?? 0, points: doc.points ?? 0 },
      });
      continue;
    }
    const difference = compareAccount(doc._id, at, doc);
    if (difference) differences.push(difference);
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

import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Db, MongoClient } from 'mongodb';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { commitId, EventStore } from '@forum/event-store';
import type { CommitDocument } from '@forum/event-store';
import { ensureLocalInfraFetched, startLocalMongo } from '@forum/local-infra';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import { serialNumber } from '../../services/wallet/src/ledger/serial-number';
import { walletDecider, walletStream } from '../../services/wallet/src/ledger/wallet.decider';
import type { WalletCommand } from '../../services/wallet/src/ledger/wallet.decider';
import { reportResult } from '../lib/result';
import { latencySummary, machine } from '../lib/stats';
import { envelopeBench } from './envelopes';

/**
 * bench/wallet: ledger operations through the real event store (decider, idempotency key per operation,
 * optimistic concurrency) on one hot wallet and across 1,000 wallets, and the audit replay's time per
 * 1,000,000 events, and red-envelope claims on one hot envelope and across 1,000 envelopes (`./envelopes.ts`).
 */
const OPS = Number(process.env.BENCH_OPS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1000);
const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 200_000);

const meta = (operationId: string): CommandMetadata => ({
  actor: { kind: 'system', id: null },
  now: new Date(),
  correlationId: newId(),
  idempotencyKey: `ledger:${operationId}`,
});

async function run(store: EventStore, count: number, command: (i: number) => WalletCommand) {
  let next = 0;
  const latencies: number[] = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const cmd = command(i);
        const t = performance.now();
        try {
          await store.handle(walletDecider, walletStream(cmd.walletId), cmd, meta(cmd.operationId));
        } catch {
          refused++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return {
    rate: Math.round((count * 1000) / (performance.now() - started)),
    latency: latencySummary(latencies),
    refused,
  };
}

/** Writes `events` synthetic, consistent ledger commits (credits) and their read models straight into MongoDB. */
async function seedAuditData(db: Db, events: number): Promise<void> {
  const perWallet = Math.max(1, Math.floor(events / WALLETS));
  const at = new Date();
  for (let w = 0; w < WALLETS; w++) {
    const walletId = `bench-${w}`;
    const commits: CommitDocument[] = [];
    for (let v = 1; v <= perWallet; v++) {
      const operationId = `seed:${w}:${v}`;
      commits.push({
        _id: commitId(walletStream(walletId), v),
        streamId: walletStream(walletId),
        idem: `ledger:${operationId}`,
        committedAt: at,
        dispatched: true,
        events: [
          {
            id: newId(),
            type: 'BalanceCredited',
            version: v,
            schemaVersion: 1,
            occurredAt: at.toISOString(),
            correlationId: 'bench',
            causationId: null,
            actor: { kind: 'system', id: null },
            data: {
              memberId: walletId,
              operationId,
              module: BALANCE_MODULES.staffAdjustment,
              amount: 1,
              remark: 'bench',
              serial: serialNumber(walletId, v, at),
              at: at.toISOString(),
              reference: null,
              transferId: null,
              availableAfter: v,
              frozenAfter: 0,
            },
          },
        ],
      });
    }
    await db.collection<CommitDocument>('commits').insertMany(commits, { ordered: false });
    await db
      .collection<{ _id: string }>('wallet_accounts')
      .insertOne({ _id: walletId, available: perWallet, frozen: 0, points: 0, _version: perWallet } as never);
  }
}

async function main(): Promise<void> {
  console.log(`bench/wallet on ${machine()}`);
  let mongoUrl = process.env.MONGO_URL;
  let stop: () => Promise<void> = async () => undefined;
  if (!mongoUrl) {
    await ensureLocalInfraFetched();
    const mongo = await startLocalMongo();
    stop = () => mongo.stop();
    mongoUrl = mongo.url;
  }
  const client = await new MongoClient(mongoUrl).connect();
  const stamp = Date.now();
  const rows: string[][] = [];
  try {
    const db = client.db(`bench_wallet_${stamp}`);
    const store = new EventStore('wallet', db);
    await store.ensureIndexes();
    const credit = (walletId: string, i: number, amount: number): WalletCommand => ({
      type: 'Credit',
      walletId,
      operationId: `credit:${walletId}:${i}`,
      module: 5,
      amount,
      remark: 'bench',
      now: new Date(),
    });
    await run(store, 1000, (i) => credit(`warm-${i % 10}`, i, 1));

    // One hot wallet: every writer debits the same stream (what a claim storm on one envelope does to its sender).
    await store.handle(walletDecider, walletStream('hot'), credit('hot', 0, OPS * 10), meta('hot-seed'));
    const hot = await run(store, OPS, (i) => ({
      ...credit('hot', i, 10),
      type: 'Debit',
      operationId: `debit:hot:${i}`,
    }));
    rows.push([
      `debits on one hot wallet (${CONCURRENCY} writers)`,
      `${hot.rate} ops/s`,
      `p50 ${hot.latency.p50} / p95 ${hot.latency.p95} ms`,
    ]);
    reportResult('wallet', `debits on one hot wallet (${CONCURRENCY} writers)`, hot.rate, 'ops/s');

    const spread = await run(store, OPS, (i) => credit(`w-${i % WALLETS}`, i, 10));
    rows.push([
      `credits across ${WALLETS} wallets`,
      `${spread.rate} ops/s`,
      `p50 ${spread.latency.p50} / p95 ${spread.latency.p95} ms`,
    ]);
    reportResult('wallet', `credits across ${WALLETS} wallets`, spread.rate, 'ops/s');

    rows.push(...(await envelopeBench(store, CONCURRENCY)));

    const auditDb = client.db(`bench_wallet_audit_${stamp}`);
    await seedAuditData(auditDb, AUDIT_EVENTS);
    const started = performance.now();
    // Synthetic, quiet data: the cut is the audit's start (no margin), so every seeded commit is replayed.
    const report = await auditLedgers(auditDb, { settleMs: 0, cutMarginMs: 0 });
    const ms = performance.now() - started;
    if (!report.ok) throw new Error(`audit found differences: ${JSON.stringify(report.differences.slice(0, 3))}`);
    rows.push([
      `audit replay (${report.events} events, ${report.wallets} wallets)`,
      `${Math.round(ms)} ms`,
      `${Math.round((ms * 1_000_000) / report.events / 1000)} s per 1,000,000 events`,
    ]);
    reportResult(
      'wallet',
      'ledger audit replay per 1,000,000 events',
      Math.round((ms * 10_000) / report.events) / 10,
      's',
    );
    await auditDb.dropDatabase();
    await db.dropDatabase();
  } finally {
    await client.close();
    await stop();
  }
  console.log('\n| measure | figure | detail |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { performance } from 'node:perf_hooks';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type { CommandMetadata, WalletEvent } from '@forum/contracts';
import { DomainError, EventStore, fold } from '@forum/event-store';
import type { AppConfig } from '@forum/platform';
import type { ProjectionWaiter } from '@forum/event-bus';
import { EnvelopeClaims } from '../../services/wallet/src/envelopes/envelope-claims';
import { envelopeDecider, envelopeStream } from '../../services/wallet/src/envelopes/envelope.decider';
import { randomSplit } from '../../services/wallet/src/envelopes/envelope-split';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { Transfers } from '../../services/wallet/src/ledger/transfers';
import { walletDecider, walletStream } from '../../services/wallet/src/ledger/wallet.decider';
import { atLeast, atMost, reportResult } from '../lib/result';
import { latencySummary } from '../lib/stats';

const SHARES = 999;
const TICK_MS = 5;
const meta = (): CommandMetadata => ({ actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() });

interface ClaimRun {
  rate: number;
  latency: ReturnType<typeof latencySummary>;
  won: number;
  snatched: number;
}

/**
 * Red-envelope claims through the real claim path (`EnvelopeClaims`: batched arbitration on the envelope's
 * stream, one frozen-balance transfer per batch, parallel credits to the claimers' wallets), without HTTP, by
 * `concurrency` claimers at a time: on one hot envelope (999 shares, twice as many claimers), and over 1,000
 * envelopes of 1,000 senders. The rate counts successful claims.
 */
export async function envelopeBench(store: EventStore, concurrency: number): Promise<string[][]> {
  // No projection runs here: a claim is answered once its batch is paid (the wait for the read model is skipped).
  const noProjection = { waitFor: () => Promise.resolve(true) } as unknown as ProjectionWaiter;
  const ledger = new Ledger(store, noProjection, { READ_YOUR_WRITES_TIMEOUT_MS: 0 } as AppConfig);
  const claims = new EnvelopeClaims(store, new Transfers(ledger), ledger);

  /** One envelope of `shares` shares from each sender (10 fen a share on average). */
  async function sendEnvelopes(senders: string[], shares: number): Promise<string[]> {
    const total = shares * 10;
    return Promise.all(
      senders.map(async (senderId) => {
        const envelopeId = newId();
        await ledger.record(
          {
            type: 'Credit',
            walletId: senderId,
            operationId: `seed:${senderId}`,
            module: BALANCE_MODULES.staffAdjustment,
            amount: total,
            remark: 'bench',
            now: new Date(),
          },
          meta(),
        );
        await ledger.record(
          {
            type: 'Freeze',
            walletId: senderId,
            operationId: `envelope:${envelopeId}:freeze`,
            module: BALANCE_MODULES.envelopeSent,
            amount: total,
            remark: 'bench',
            now: new Date(),
          },
          meta(),
        );
        await store.handle(
          envelopeDecider,
          envelopeStream(envelopeId),
          {
            type: 'SendEnvelope',
            envelopeId,
            envelopeType: 20,
            senderId,
            topicId: newId(),
            recipientId: null,
            shares: randomSplit(total, shares),
            expiresAt: new Date(Date.now() + 3_600_000),
            now: new Date(),
          },
          meta(),
        );
        return envelopeId;
      }),
    );
  }

  async function timed(attempts: (() => Promise<unknown>)[], parallel: number): Promise<ClaimRun> {
    const latencies: number[] = [];
    let won = 0;
    let snatched = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < attempts.length) {
          const attempt = attempts[next++]!;
          const t = performance.now();
          try {
            await attempt();
            won++;
            latencies.push(performance.now() - t);
          } catch (error) {
            if (!(error instanceof DomainError) || error.code !== 'wallet.envelope_snatched') throw error;
            snatched++;
          }
        }
      }),
    );
    return {
      rate: Math.round((won * 1000) / (performance.now() - started)),
      latency: latencySummary(latencies),
      won,
      snatched,
    };
  }

  /**
   * Open loop: claims arrive at `perSecond` whatever the answers (as members do), so latency is what a claimer
   * waits at that load, not the queue a fixed number of busy clients builds at saturation.
   */
  async function paced(attempts: (() => Promise<unknown>)[], perSecond: number): Promise<ClaimRun> {
    const latencies: number[] = [];
    let won = 0;
    let snatched = 0;
    const started = performance.now();
    const answers: Promise<void>[] = [];
    // Released in ticks of TICK_MS (a timer per claim falls behind at 1 ms spacing and measures its own lag):
    // each claim's latency counts from its due time, so a late tick is charged to the claims it held back.
    let next = 0;
    while (next < attempts.length) {
      const now = performance.now();
      for (; next < attempts.length && started + (next * 1000) / perSecond <= now; next++) {
        const due = started + (next * 1000) / perSecond;
        answers.push(
          attempts[next]!().then(
            () => {
              won++;
              latencies.push(performance.now() - due);
            },
            (error: unknown) => {
              if (!(error instanceof DomainError) || error.code !== 'wallet.envelope_snatched') throw error;
              snatched++;
            },
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    await Promise.all(answers);
    return {
      rate: Math.round((won * 1000) / (performance.now() - started)),
      latency: latencySummary(latencies),
      won,
      snatched,
    };
  }

  /**
   * A claim is answered once its commit is stored and paid right behind the answer: the run counts as done
   * when the sender's frozen balance is spent, i.e. every share sits on its claimer's balance.
   */
  async function paidOut(senderId: string, started: number): Promise<number> {
    for (;;) {
      const events = await store.readStream(walletStream(senderId));
      const state = fold(walletDecider, events as unknown as WalletEvent[]);
      if (state.frozen === 0) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const rows: string[][] = [];
  for (const perSecond of [500, 1000]) {
    const sender = `envelope-sender-paced-${perSecond}`;
    const [envelope] = await sendEnvelopes([sender], SHARES);
    const started = performance.now();
    const run = await paced(
      Array.from({ length: SHARES }, () => () => claims.claim(envelope!, newId(), new Date())),
      perSecond,
    );
    const paid = await paidOut(sender, started);
    rows.push([
      `envelope claims on one envelope arriving at ${perSecond}/s (${SHARES} shares, open loop)`,
      `${run.rate} claims/s answered`,
      `p50 ${run.latency.p50} / p95 ${run.latency.p95} / p99 ${run.latency.p99} ms; ${run.won} won; all paid out after ${paid} ms`,
    ]);
    reportResult('wallet', `claim latency p95 at ${perSecond} claims/s offered`, run.latency.p95, 'ms', atMost(50));
  }
  const [hot] = await sendEnvelopes(['envelope-sender-hot'], SHARES);
  const storm = Array.from({ length: SHARES * 2 }, () => () => claims.claim(hot!, newId(), new Date()));
  const stormStarted = performance.now();
  const one = await timed(storm, concurrency);
  const stormPaid = await paidOut('envelope-sender-hot', stormStarted);
  rows.push([
    `envelope claims on one hot envelope (${SHARES} shares, ${SHARES * 2} claimers, ${concurrency} at a time)`,
    `${one.rate} claims/s answered; ${Math.round((one.won * 1000) / stormPaid)} claims/s paid out`,
    `p50 ${one.latency.p50} / p95 ${one.latency.p95} ms; ${one.won} won, ${one.snatched} snatched; all paid out after ${stormPaid} ms`,
  ]);
  reportResult(
    'wallet',
    'successful claims on one hot envelope, paid out',
    Math.round((one.won * 1000) / stormPaid),
    'claims/s',
    atLeast(1000),
  );
  reportResult('wallet', 'claim latency p95, one hot envelope', one.latency.p95, 'ms', atMost(50));

  const spreadIds = await sendEnvelopes(
    Array.from({ length: 1000 }, (_, i) => `envelope-sender-${i}`),
    5,
  );
  const spread = await timed(
    spreadIds.flatMap((id) => Array.from({ length: 5 }, () => () => claims.claim(id, newId(), new Date()))),
    concurrency,
  );
  rows.push([
    `envelope claims across 1,000 envelopes (${concurrency} at a time)`,
    `${spread.rate} claims/s`,
    `p50 ${spread.latency.p50} / p95 ${spread.latency.p95} ms; ${spread.won} won`,
  ]);
  reportResult('wallet', 'successful claims across 1,000 envelopes', spread.rate, 'claims/s');
  reportResult('wallet', 'claim latency p95, across 1,000 envelopes', spread.latency.p95, 'ms', atMost(50));
  return rows;
}

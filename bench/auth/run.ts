import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { accessRevocations, AuthGuard, loadConfig, TokenService } from '@forum/platform';
import { startTestApp, TestClient } from '@forum/testing';
import { IdentityModule } from '../../services/identity/src/identity.module';
import type { IssuedTokens } from '../../services/identity/src/sessions/session-issuer';
import { useInfra } from '../lib/pipeline';
import { reportResult } from '../lib/result';
import { latencySummary, machine, mib } from '../lib/stats';

/**
 * bench/auth: login (argon2id included) and token refresh through the whole HTTP pipeline (fastify + Nest +
 * guards + event store), in-process via `inject` so the figures are the server's cost; and the auth guard's
 * own cost per request in microseconds.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 600);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 3000);
const ACCOUNTS = 50;

async function timed<T>(count: number, concurrency: number, run: (i: number, worker: number) => Promise<T>) {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await run(i, worker);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: Math.round(count / seconds), ...latencySummary(latencies) };
}

function guardMicrobench(): number {
  const config = loadConfig({ MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:1', JWT_SECRET: 'b'.repeat(40) });
  const tokens = new TokenService(config);
  const guard = new AuthGuard(new Reflector(), tokens);
  // A busy site's revocation record (ADR 26): every token is checked against it.
  const at = new Date().toISOString();
  for (let i = 0; i < 10_000; i++) accessRevocations.apply({ kind: 'session', sessionId: `ended-${i}`, at });
  for (let i = 0; i < 1_000; i++)
    accessRevocations.apply({ kind: 'member', memberId: `off-${i}`, state: 'disabled', at });
  const token = tokens.issueAccessToken({ sub: 'm1', kind: 'member', sid: '01a21d68-2e7e-72ec-a5b6-745d1351744e' });
  const header = `Bearer ${token},refresh`;
  const handler = () => undefined;
  class Controller {}
  const context = (authorization?: string) =>
    ({
      switchToHttp: () => ({ getRequest: () => ({ headers: { authorization }, ip: '127.0.0.1' }) }),
      getHandler: () => handler,
      getClass: () => Controller,
    }) as unknown as ExecutionContext;
  const measure = (authorization: string) => {
    const n = 200_000;
    for (let i = 0; i < 10_000; i++) guard.canActivate(context(authorization));
    const t = performance.now();
    for (let i = 0; i < n; i++) guard.canActivate(context(authorization));
    return Math.round(((performance.now() - t) * 1000 * 100) / n) / 100;
  };
  return measure(header);
}

async function main(): Promise<void> {
  console.log(`bench/auth on ${machine()}`);
  const guard = guardMicrobench();
  // KAFKA_BROKERS and MONGO_URL point at running servers (as the other benches); else this bench starts its own.
  const stops = await useInfra();
  const t = await startTestApp([IdentityModule], {
    env: { RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' },
  });
  const from = (i: number): TestClient =>
    t.client.anonymous().from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  const { RegisterMemberCommand } = await import('../../services/identity/src/accounts/commands');
  const { CommandBus } = await import('@nestjs/cqrs');
  for (let i = 0; i < ACCOUNTS; i++) {
    const password = 'bench-password';
    await t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account: `bench_${i}`, password, confirmPassword: password, agreeTerms: true },
          { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: `seed-${i}` },
          'member',
          true,
        ),
      );
  }
  const sessions: IssuedTokens[] = [];
  const login = await timed(LOGINS, CONCURRENCY, async (i) => {
    const response = await from(i).post<IssuedTokens>('/api/identity/login', {
      account: `bench_${i % ACCOUNTS}`,
      password: 'bench-password',
    });
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    if (sessions.length < CONCURRENCY) sessions.push(response.body);
  });
  // Each worker refreshes its own session again and again (a refresh retires the token it presents).
  const current = [...sessions];
  const refresh = await timed(REFRESHES, CONCURRENCY, async (i, slot) => {
    const tokens = current[slot]!;
    const response = await from(100_000 + i)
      .withHeaders({ authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` })
      .post<IssuedTokens>('/refreshToken');
    if (response.status !== 200) throw new Error(`refresh answered ${response.status}`);
    current[slot] = response.body;
  });
  const memory = process.memoryUsage();
  console.log('\n| measure | result |\n|---|---|');
  console.log(
    `| login (argon2id m=19456 t=2, session appended), ${CONCURRENCY} concurrent | ${login.perSecond} logins/s, p50 ${login.p50} ms, p95 ${login.p95} ms, p99 ${login.p99} ms |`,
  );
  console.log(
    `| token refresh (rotation appended), ${CONCURRENCY} concurrent | ${refresh.perSecond} refreshes/s, p50 ${refresh.p50} ms, p95 ${refresh.p95} ms, p99 ${refresh.p99} ms |`,
  );
  console.log(`| auth guard per request (verify cached JWT, set actor) | ${guard} µs |`);
  console.log(`| process memory | RSS ${mib(memory.rss)}, heap ${mib(memory.heapUsed)} |`);
  // Issue 3 names no target for these: they are reported as measured.
  reportResult('auth', `login, ${CONCURRENCY} concurrent`, login.perSecond, 'logins/s');
  reportResult('auth', 'login p95', login.p95, 'ms');
  reportResult('auth', `token refresh, ${CONCURRENCY} concurrent`, refresh.perSecond, 'refreshes/s');
  reportResult('auth', 'token refresh p95', refresh.p95, 'ms');
  reportResult('auth', 'auth guard per request', guard, 'µs');
  // On shared infrastructure, leave nothing behind in its in-memory MongoDB.
  if (process.env.MONGO_URL) await t.db('identity').dropDatabase();
  await t.close();
  await Promise.all(stops.map((stop) => stop()));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

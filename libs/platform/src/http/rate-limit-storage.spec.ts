import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { MongoClient } from 'mongodb';
import { loadConfig } from '../config';
import { Metrics } from '../observability/metrics';
import { RateLimitGuard, rateLimitOptions } from './rate-limit';
import { RateLimitStorage } from './rate-limit-storage';

/**
 * The shared store's own behaviour without a database (the int-spec test/security/rate-limits-across-replicas
 * proves the totals on a real one): a full window is refused without asking again, and an unreachable database
 * degrades to counting in this process, never to refusing every write or to no limit at all.
 */
const config = loadConfig({ MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:1', JWT_SECRET: 'r'.repeat(40) });

/** A collection counting in a Map like the real upsert, or failing like an unreachable server. */
function fakeDatabase() {
  const hits = new Map<string, number>();
  const state = { calls: 0, down: false };
  const collection = {
    createIndex: async () => 'window_end',
    deleteMany: async () => ({ deletedCount: 0 }),
    findOneAndUpdate: async (filter: { _id: string }) => {
      state.calls++;
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:27017');
      hits.set(filter._id, (hits.get(filter._id) ?? 0) + 1);
      return { _id: filter._id, hits: hits.get(filter._id) };
    },
  };
  const client = { db: () => ({ collection: () => collection }) } as unknown as MongoClient;
  return { client, state, ids: () => [...hits.keys()] };
}

describe('RateLimitStorage', () => {
  let metrics = new Metrics();
  const started: RateLimitStorage[] = [];
  const storage = (client: MongoClient) => {
    const made = new RateLimitStorage(client, config, metrics);
    started.push(made);
    return made;
  };
  beforeEach(() => (metrics = new Metrics()));
  afterEach(() => {
    for (const made of started.splice(0)) made.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('refuses past the limit until the window ends, and asks the database no more once the window is full', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T08:00:45.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const db = fakeDatabase();
    const store = storage(db.client);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await store.increment('k', 60_000, 3, 60_000, 'member'));
    expect(answers.map((answer) => answer.isBlocked)).toEqual([false, false, false, true, true]);
    expect(answers[3]!.timeToBlockExpire).toBe(15); // the whole minute's window ends at 08:01:00
    expect(db.state.calls).toBe(4);
    expect(db.ids()).toEqual([`k:${Date.parse('2026-11-28T08:00:00.000Z')}`]);

    // The next window starts afresh.
    jest.setSystemTime(new Date('2026-11-28T08:01:00.000Z'));
    expect((await store.increment('k', 60_000, 3, 60_000, 'member')).isBlocked).toBe(false);
  });

  it('counts in this process while the database is unreachable, asking it again only after a few seconds', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T08:00:10.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const db = fakeDatabase();
    const store = storage(db.client);
    db.state.down = true;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await store.increment('k2', 60_000, 3, 60_000, 'member'));
    expect(answers.map((answer) => answer.isBlocked)).toEqual([false, false, false, true]);
    // One request waited for the database; the others did not ask it.
    expect(db.state.calls).toBe(1);
    const fallbacks = await metrics.registry.getSingleMetricAsString('rate_limit_local_fallbacks_total');
    expect(fallbacks).toMatch(/rate_limit_local_fallbacks_total 4$/m);

    db.state.down = false;
    expect((await store.increment('k3', 60_000, 3, 60_000, 'member')).totalHits).toBe(1); // still local
    expect(db.state.calls).toBe(1);
    jest.setSystemTime(new Date('2026-11-28T08:00:15.000Z'));
    expect((await store.increment('k3', 60_000, 3, 60_000, 'member')).totalHits).toBe(1); // the database's first
    expect(db.ids()).toEqual([expect.stringMatching(/^k3:/)]);
  });
  it('counts in memory without asking the database where one process serves everything (RATE_LIMIT_STORE=process)', async () => {
    const db = fakeDatabase();
    const store = new RateLimitStorage(db.client, { ...config, RATE_LIMIT_STORE: 'process' }, metrics);
    started.push(store);
    await store.onModuleInit();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await store.increment('p', 60_000, 3, 60_000, 'member'));
    expect(answers.map((answer) => answer.isBlocked)).toEqual([false, false, false, true, true]);
    expect(db.state.calls).toBe(0);
    expect(store.secondsLeftIfFull('p', 60_000)).toBeGreaterThan(0);
  });
});

describe('RateLimitGuard on the shared storage', () => {
  const limits = loadConfig({
    MONGO_URL: 'mongodb://x',
    KAFKA_BROKERS: 'k:1',
    JWT_SECRET: 'r'.repeat(40),
    RATE_LIMIT_WRITES_PER_MINUTE: '2',
    RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '5',
  });
  class Controller {}
  const handler = () => undefined;
  const write = (member: string, headers: Record<string, unknown>) =>
    ({
      switchToHttp: () => ({
        getRequest: () => ({
          method: 'POST',
          url: '/api/x',
          routeOptions: { url: '/api/x' },
          ip: '10.0.0.1',
          actor: { kind: 'member', id: member },
        }),
        getResponse: () => ({ header: (name: string, value: unknown) => (headers[name] = value) }),
      }),
      getHandler: () => handler,
      getClass: () => Controller,
    }) as unknown as ExecutionContext;

  it("refuses a member's flood without using up the limit of the neighbours behind the same address", async () => {
    const store = new RateLimitStorage(fakeDatabase().client, limits, new Metrics());
    const guard = new RateLimitGuard(rateLimitOptions(limits), store, new Reflector(), limits);
    await guard.onModuleInit();
    const attempt = async (member: string) => {
      const headers: Record<string, unknown> = {};
      try {
        return [await guard.canActivate(write(member, headers)), headers['retry-after']];
      } catch (error) {
        return [(error as { code?: string }).code, headers['retry-after']];
      }
    };
    const flood = [];
    for (let i = 0; i < 10; i++) flood.push(await attempt('m_flood'));
    expect(flood.slice(0, 2).map(([answer]) => answer)).toEqual([true, true]);
    expect(flood.slice(2).map(([answer]) => answer)).toEqual(Array<string>(8).fill('common.rate_limited'));
    expect(Number(flood[9]![1])).toBeGreaterThan(0);
    // The address counted the flood's two writes and its first refusal, not the refusals after it: 2 left.
    const neighbour = [];
    for (let i = 0; i < 3; i++) neighbour.push((await attempt('m_neighbour'))[0]);
    expect(neighbour).toEqual([true, true, 'common.rate_limited']);
    store.onApplicationShutdown();
  });
});

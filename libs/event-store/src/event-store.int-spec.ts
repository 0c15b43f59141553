import { Db, MongoClient } from 'mongodb';
import { commandMeta, counterDecider, testInfra, uniqueName } from '@forum/testing';
import { ConcurrencyError, DomainError } from './errors';
import { EventStore } from './event-store';

describe('event store on MongoDB', () => {
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    client = await new MongoClient(testInfra().mongoUrl).connect();
    db = client.db(uniqueName('es_'));
  });
  afterAll(() => client.close());

  async function newStore(): Promise<EventStore> {
    const store = new EventStore('test', db);
    await store.ensureIndexes();
    return store;
  }

  it('lets exactly one of 20 concurrent appends at the same expected version win', async () => {
    const store = await newStore();
    const stream = `counter-${uniqueName('race')}`;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.append(stream, 0, [{ type: 'CounterIncremented', data: { by: 1, value: i } }], commandMeta()),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(lost.every((r) => r.reason instanceof ConcurrencyError)).toBe(true);
    expect((await store.readStream(stream)).map((e) => e.version)).toEqual([1]);
  });

  it('serves 20 racing writers in separate processes by retrying: versions 1..20, no gap, no duplicate', async () => {
    const reader = await newStore();
    const conflicts: string[] = [];
    const racing = Array.from(
      { length: 20 },
      () => new EventStore('test', db, { maxRetries: 40, onConflict: (s) => conflicts.push(s) }),
    );
    const stream = `counter-${uniqueName('retry')}`;
    const results = await Promise.all(
      racing.map((store) => store.handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta())),
    );
    expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const events = await reader.readStream(stream);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(events.map((e) => (e.data as { value: number }).value)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(conflicts.length).toBeGreaterThan(0);
  });

  it('checks a refusal from a cached state against the store: another process may have changed the stream', async () => {
    // Spends only what the counter holds: a stale cached value refuses what the stored one allows.
    const spender: typeof counterDecider = {
      ...counterDecider,
      decide: (command, state) => {
        if (state.value + command.by < 0) throw new DomainError('wallet.insufficient_balance');
        return counterDecider.decide(command, state);
      },
    };
    const [here, elsewhere] = [await newStore(), await newStore()];
    const stream = `counter-${uniqueName('stale')}`;
    await here.handle(spender, stream, { type: 'Increment', by: 1 }, commandMeta()); // cached here: value 1
    await elsewhere.handle(spender, stream, { type: 'Increment', by: 9 }, commandMeta()); // stored: value 10
    const spent = await here.handle(spender, stream, { type: 'Increment', by: -5 }, commandMeta());
    expect(spent.events.map((event) => event.data)).toEqual([{ by: -5, value: 5 }]);
    await expect(here.handle(spender, stream, { type: 'Increment', by: -6 }, commandMeta())).rejects.toThrow(
      DomainError,
    );
  });

  it('answers a repeat with the first outcome when another writer stored it between the key check and the decision', async () => {
    // Spends once: a second spend of the same operation is refused by the state, as a release of money already
    // released is (the reactor and the request both releasing a red envelope's refund).
    const spendOnce: typeof counterDecider = {
      ...counterDecider,
      decide: (command, state) => {
        if (state.value + command.by < 0) throw new DomainError('wallet.insufficient_frozen');
        return counterDecider.decide(command, state);
      },
    };
    const [here, reactor] = [await newStore(), await newStore()];
    const stream = `counter-${uniqueName('healed')}`;
    await reactor.handle(spendOnce, stream, { type: 'Increment', by: 5 }, commandMeta());
    const meta = commandMeta({ idempotencyKey: uniqueName('release') });
    const first = await reactor.handle(spendOnce, stream, { type: 'Increment', by: -5 }, meta);
    // The window: this writer looked the key up just before the other one stored it.
    const lookUp = jest.spyOn(here.commits, 'findOne').mockResolvedValueOnce(null);
    const again = await here.handle(spendOnce, stream, { type: 'Increment', by: -5 }, meta);
    lookUp.mockRestore();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await here.readStream(stream)).toHaveLength(2);
  });

  it('runs a command once per idempotency key and returns the first outcome to a replay', async () => {
    const store = await newStore();
    const stream = `counter-${uniqueName('idem')}`;
    const meta = commandMeta({ idempotencyKey: uniqueName('key') });
    const first = await store.handle(counterDecider, stream, { type: 'Increment', by: 5 }, meta);
    const again = await new EventStore('test', db).handle(counterDecider, stream, { type: 'Increment', by: 5 }, meta);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('refuses a request that reuses its Idempotency-Key for another request, and replays the same one', async () => {
    const store = await newStore();
    const stream = `counter-${uniqueName('idem-reuse')}`;
    const key = uniqueName('client-key');
    const request = (fingerprint: string) => ({ idempotencyKey: key, fingerprint });
    const first = await store.handle(
      counterDecider,
      stream,
      { type: 'Increment', by: 5 },
      commandMeta({ idempotencyKey: key, request: request('body-a') }),
    );
    const same = await store.handle(
      counterDecider,
      stream,
      { type: 'Increment', by: 5 },
      commandMeta({ idempotencyKey: key, request: request('body-a') }),
    );
    expect(same).toEqual({ ...first, replayed: true });
    const reused = store.handle(
      counterDecider,
      stream,
      { type: 'Increment', by: 7 },
      commandMeta({ idempotencyKey: key, request: request('body-b') }),
    );
    await expect(reused).rejects.toMatchObject({ code: 'common.idempotency_key_reused' });
    // A step keyed by its operation (not by the client's key) done by another request, or by a reactor, replays.
    const otherRequest = await store.handle(
      counterDecider,
      stream,
      { type: 'Increment', by: 5 },
      commandMeta({ idempotencyKey: key, request: { idempotencyKey: uniqueName('other'), fingerprint: 'x' } }),
    );
    const reactor = await store.handle(
      counterDecider,
      stream,
      { type: 'Increment', by: 5 },
      commandMeta({ idempotencyKey: key }),
    );
    expect([otherRequest.replayed, reactor.replayed]).toEqual([true, true]);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('keeps concurrent replays of one idempotency key to a single append', async () => {
    const stream = `counter-${uniqueName('idem-race')}`;
    const meta = commandMeta({ idempotencyKey: uniqueName('key') });
    const stores = await Promise.all(Array.from({ length: 10 }, () => newStore()));
    const results = await Promise.all(
      stores.map((s) => s.handle(counterDecider, stream, { type: 'Increment', by: 2 }, meta)),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await stores[0]!.readStream(stream)).toHaveLength(1);
  });

  it('reads a long stream from a version, and every commit grouped by stream in order', async () => {
    const store = await newStore();
    const stream = `counter-${uniqueName('read')}`;
    await store.append(
      stream,
      0,
      [1, 2, 3].map((value) => ({ type: 'CounterIncremented', data: { by: 1, value } })),
      commandMeta(),
    );
    for (let i = 0; i < 70; i++)
      await store.handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta());
    expect((await store.readStream(stream)).map((e) => e.version)).toEqual(Array.from({ length: 73 }, (_, i) => i + 1));
    expect((await store.readStream(stream, 70)).map((e) => e.version)).toEqual([71, 72, 73]);
    expect(
      (await new EventStore('test', db).handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta()))
        .version,
    ).toBe(74);
    const all: string[] = [];
    for await (const commits of store.readAll(2)) for (const c of commits) if (c.streamId === stream) all.push(c._id);
    expect(all).toEqual([...all].sort());
    expect(all).toHaveLength(72);
  });
  describe('a commit another writer left unpublished (it died before its relay published)', () => {
    async function leftUnpublished(): Promise<{ stream: string; writer: EventStore; handed: string[][] }> {
      const stream = `counter-${uniqueName('orphan')}`;
      await (await newStore()).handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta());
      const writer = new EventStore('test', db);
      const handed: string[][] = [];
      writer.onCommit((commits) => handed.push(commits.map((commit) => commit._id)));
      return { stream, writer, handed };
    }

    it('goes to the relay right before the next commit of its stream that a command appends', async () => {
      const { stream, writer, handed } = await leftUnpublished();
      await writer.handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta());
      expect(handed).toEqual([[`${stream}|0000000001`, `${stream}|0000000002`]]);
    });

    it('goes to the relay right before a commit appended after reading the stream (claims, bounties)', async () => {
      const { stream, writer, handed } = await leftUnpublished();
      const events = await writer.readStream(stream);
      await writer.append(
        stream,
        events.length,
        [{ type: 'CounterIncremented', data: { by: 1, value: 2 } }],
        commandMeta(),
      );
      await writer.append(stream, 2, [{ type: 'CounterIncremented', data: { by: 1, value: 3 } }], commandMeta());
      expect(handed).toEqual([[`${stream}|0000000001`, `${stream}|0000000002`], [`${stream}|0000000003`]]);
    });

    it('is not handed over again once it was published', async () => {
      const { stream, writer, handed } = await leftUnpublished();
      await writer.markPublished([`${stream}|0000000001`]);
      const events = await writer.readStream(stream);
      await writer.append(
        stream,
        events.length,
        [{ type: 'CounterIncremented', data: { by: 1, value: 2 } }],
        commandMeta(),
      );
      expect(handed).toEqual([[`${stream}|0000000002`]]);
    });
  });
});

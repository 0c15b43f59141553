import type { Collection, Db } from 'mongodb';
import { CommandMetadata, eventContract, EventEnvelope, newId, NewEvent, upcast } from '@forum/contracts';
import { commitId, CommitDocument, StoredEvent, toEnvelopes } from './commit';
import type { Decider } from './decider';
import { ConcurrencyError, DomainError } from './errors';
import { DuplicateKeyError, InsertBatcher } from './insert-batcher';
import { KeyedQueue } from './keyed-queue';
import { LruMap } from './lru';

export interface EventStoreOptions {
  /** How many times a command is re-loaded and re-decided after losing a race. */
  maxRetries?: number;
  /** How many aggregate states are kept in memory between commands. */
  stateCacheSize?: number;
  onConflict?(streamId: string): void;
}

export interface HandleResult<TEvent extends NewEvent = NewEvent> {
  streamId: string;
  /** The stream's version after the command (unchanged when nothing happened). */
  version: number;
  events: EventEnvelope<TEvent['type'], TEvent['data']>[];
  /** True when the idempotency key had been used: these are the first call's events, nothing was appended. */
  replayed: boolean;
}

/**
 * Handed to commit listeners (the outbox relay): the new commit, preceded by any earlier commit of the same stream
 * that was still unpublished when it was read, so a stream reaches Kafka in order. Without it, a commit whose
 * writer died before publishing (another replica, a crash) reaches Kafka only with a later sweep, after newer
 * commits of its stream: a projection's version guard then skips it as seen, and an increment it carried is lost.
 */
export type CommitListener = (commits: CommitDocument[]) => void;

interface CachedStream {
  state: unknown;
  version: number;
  unpublished: CommitDocument[];
}

/** Candidate commit ids asked for at once when loading a stream. */
const PROBE_WINDOW = 32;

/**
 * The event store of one bounded context: one `commits` collection in the context's database.
 * Optimistic concurrency comes from unique indexes (`_id` = stream + first version, and
 * `(streamId, events.version)`), so no transaction is needed.
 */
export class EventStore {
  readonly commits: Collection<CommitDocument>;
  private readonly listeners = new Set<CommitListener>();
  private readonly states: LruMap<string, CachedStream>;
  /**
   * Commits `readStream` found unpublished, by stream: an `append` after such a read (claims and bounties decide
   * on their own cached state) hands them over before its own commit, as `handle` does with what `load` found.
   */
  private readonly unpublishedRead = new LruMap<string, CommitDocument[]>(10_000);
  private readonly queue = new KeyedQueue();
  private readonly inserts: InsertBatcher<CommitDocument>;
  private readonly maxRetries: number;

  constructor(
    readonly context: string,
    db: Db,
    private readonly options: EventStoreOptions = {},
  ) {
    this.commits = db.collection<CommitDocument>('commits');
    this.inserts = new InsertBatcher(this.commits);
    this.states = new LruMap(options.stateCacheSize ?? 10_000);
    this.maxRetries = options.maxRetries ?? 10;
  }

  async ensureIndexes(): Promise<void> {
    await this.commits.createIndex({ streamId: 1, 'events.version': 1 }, { unique: true, name: 'stream_version' });
    await this.commits.createIndex({ idem: 1 }, { unique: true, name: 'idempotency_key' });
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs a command against a stream: load (from the state cache, or the store), decide, append.
   * A lost race re-loads and re-decides, at most `maxRetries` times. With an idempotency key that was
   * already used, returns the first outcome without deciding again.
   */
  handle<TState, TCommand, TEvent extends NewEvent>(
    decider: Decider<TState, TCommand, TEvent>,
    streamId: string,
    command: TCommand,
    meta: CommandMetadata,
  ): Promise<HandleResult<TEvent>> {
    return this.queue.run(streamId, async () => {
      if (meta.idempotencyKey) {
        const earlier = await this.commits.findOne({ idem: meta.idempotencyKey });
        if (earlier) return this.replayOf<TEvent>(earlier, meta);
      }
      for (let attempt = 0, refreshed = false; ; attempt++) {
        const cached = this.states.has(this.cacheKey(decider, streamId));
        const loaded = await this.load(decider, streamId);
        let decided: TEvent[];
        try {
          decided = decider.decide(command, loaded.state as TState);
        } catch (error) {
          // A cached state may be stale (another process appended since): a refusal it gives is checked once
          // against the store, so a wallet credited by another replica is not refused as short of money.
          if (!cached || refreshed) {
            // The same operation may have been stored meanwhile by another writer (a reactor healing it): its
            // state now refuses the command, but the answer to a repeat is the first outcome, not a refusal.
            if (meta.idempotencyKey) {
              const earlier = await this.commits.findOne({ idem: meta.idempotencyKey });
              if (earlier) return this.replayOf<TEvent>(earlier, meta);
            }
            throw error;
          }
          refreshed = true;
          this.states.delete(this.cacheKey(decider, streamId));
          continue;
        }
        if (decided.length === 0) return { streamId, version: loaded.version, events: [], replayed: false };
        try {
          const commit = await this.insert(streamId, loaded.version, decided, meta, loaded.unpublished);
          this.states.set(this.cacheKey(decider, streamId), {
            state: decided.reduce(decider.evolve, loaded.state as TState),
            version: loaded.version + decided.length,
            unpublished: [],
          });
          return {
            streamId,
            version: loaded.version + decided.length,
            events: toEnvelopes(commit) as HandleResult<TEvent>['events'],
            replayed: false,
          };
        } catch (error) {
          this.states.delete(this.cacheKey(decider, streamId));
          if (!(error instanceof ConcurrencyError)) throw error;
          if (meta.idempotencyKey) {
            const earlier = await this.commits.findOne({ idem: meta.idempotencyKey });
            if (earlier) return this.replayOf<TEvent>(earlier, meta);
          }
          this.options.onConflict?.(streamId);
          if (attempt >= this.maxRetries) throw new DomainError('common.conflict');
          await sleep(Math.random() * 4 * (attempt + 1));
        }
      }
    });
  }

  /**
   * Appends events at an expected version; throws ConcurrencyError if the stream moved on. Earlier commits of the
   * stream that the last `readStream` of it found unpublished go to the relay first (see `CommitListener`).
   */
  async append(
    streamId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: CommandMetadata,
  ): Promise<EventEnvelope[]> {
    const earlier = (this.unpublishedRead.get(streamId) ?? []).filter(
      (commit) => commit.events[0]!.version <= expectedVersion,
    );
    const commit = await this.insert(streamId, expectedVersion, events, meta, earlier);
    this.unpublishedRead.delete(streamId);
    return toEnvelopes(commit);
  }

  async readStream(streamId: string, afterVersion = 0): Promise<EventEnvelope[]> {
    const commits = await this.commitsAfter(streamId, afterVersion);
    const unpublished = [
      ...(this.unpublishedRead.get(streamId) ?? []).filter((commit) => commit.events[0]!.version <= afterVersion),
      ...commits.filter((commit) => !commit.dispatched),
    ];
    if (unpublished.length > 0) this.unpublishedRead.set(streamId, unpublished);
    else this.unpublishedRead.delete(streamId);
    return commits.flatMap((commit) => toEnvelopes(upcastCommit(commit)));
  }

  /**
   * A stream's commits after `afterVersion`, found by `_id` only: the next commit of a stream at version v is
   * always `<stream>|v+1`, so a window of candidate ids is asked for with `$in` (an index lookup on any
   * MongoDB, where an `_id` range is a full scan on the stand-in), and the chain is followed until it ends.
   */
  private async commitsAfter(streamId: string, afterVersion: number): Promise<CommitDocument[]> {
    const found: CommitDocument[] = [];
    let next = afterVersion + 1;
    for (;;) {
      const windowStart = next;
      const candidates = Array.from({ length: PROBE_WINDOW }, (_, i) => commitId(streamId, windowStart + i));
      const byId = new Map((await this.commits.find({ _id: { $in: candidates } }).toArray()).map((c) => [c._id, c]));
      let commit = byId.get(commitId(streamId, next));
      while (commit) {
        found.push(commit);
        next = commit.events[commit.events.length - 1]!.version + 1;
        commit = byId.get(commitId(streamId, next));
      }
      if (next < windowStart + PROBE_WINDOW) return found;
    }
  }

  /** Every commit, each stream in order (streams are grouped; there is no order across streams, as in Kafka). */
  async *readAll(batchSize = 1000): AsyncGenerator<CommitDocument[]> {
    const cursor = this.commits.find({}).sort({ _id: 1 }).batchSize(batchSize);
    let batch: CommitDocument[] = [];
    for await (const commit of cursor) {
      batch.push(upcastCommit(commit));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  countCommits(): Promise<number> {
    return this.commits.estimatedDocumentCount();
  }

  /** Commits never marked as published (a crash between insert and relay, or between publish and mark). */
  findUnpublished(committedBefore: Date, limit: number): Promise<CommitDocument[]> {
    return this.commits
      .find({ dispatched: false, committedAt: { $lt: committedBefore } })
      .limit(limit)
      .toArray()
      .then((commits) => commits.sort((a, b) => (a._id < b._id ? -1 : 1)));
  }

  async markPublished(commitIds: string[]): Promise<void> {
    if (commitIds.length > 0)
      await this.commits.updateMany({ _id: { $in: commitIds } }, { $set: { dispatched: true } });
  }

  private cacheKey(decider: { name: string }, streamId: string): string {
    return `${decider.name}\u0000${streamId}`;
  }

  private async load<TState, TEvent extends NewEvent>(
    decider: Decider<TState, unknown, TEvent>,
    streamId: string,
  ): Promise<CachedStream> {
    const cached = this.states.get(this.cacheKey(decider, streamId));
    // A cached state is trusted without a read: if another process appended meanwhile, the insert at
    // `cached.version + 1` collides on `_id`, the cache entry is dropped and the retry loads from the store.
    if (cached) return cached;
    const from: CachedStream = { state: decider.initialState(), version: 0, unpublished: [] };
    const newer = await this.commitsAfter(streamId, from.version);
    let { state, version } = from;
    for (const commit of newer.map(upcastCommit)) {
      for (const event of commit.events) {
        if (event.version !== version + 1) throw new Error(`stream ${streamId} has a gap before ${event.version}`);
        state = decider.evolve(state as TState, { type: event.type, data: event.data } as TEvent);
        version = event.version;
      }
    }
    const unpublished = [...from.unpublished, ...newer.filter((commit) => !commit.dispatched)];
    return { state, version, unpublished };
  }

  private async insert(
    streamId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: CommandMetadata,
    unpublished: CommitDocument[],
  ): Promise<CommitDocument> {
    const id = commitId(streamId, expectedVersion + 1);
    const occurredAt = meta.now.toISOString();
    const stored: StoredEvent[] = events.map((event, index) => {
      const contract = eventContract(event.type);
      return {
        id: newId(meta.now.getTime()),
        type: event.type,
        version: expectedVersion + 1 + index,
        schemaVersion: contract?.schemaVersion ?? 1,
        occurredAt,
        correlationId: meta.correlationId,
        causationId: meta.causationId ?? null,
        actor: meta.actor,
        data: contract ? contract.schema.parse(event.data) : event.data,
      };
    });
    const commit: CommitDocument = {
      _id: id,
      streamId,
      events: stored,
      idem: meta.idempotencyKey ?? id,
      ...(meta.request ? { request: meta.request } : {}),
      committedAt: new Date(),
      dispatched: false,
    };
    try {
      await this.inserts.insert(commit);
    } catch (error) {
      // A taken `_id`/version means another writer got there first; a taken idempotency key is sorted out
      // by `handle`, which looks the key up before retrying.
      if (error instanceof DuplicateKeyError) throw new ConcurrencyError(streamId, expectedVersion);
      throw error;
    }
    const batch = [...unpublished, commit];
    for (const listener of this.listeners) listener(batch);
    return commit;
  }

  /**
   * The first outcome of an idempotency key. When both that commit and this command come from a client's request
   * with the same `Idempotency-Key` but the requests differ (another amount, another member), the key was reused
   * for something else: refused, so the caller is not told "done" for what was never booked. Commits from
   * different request keys (another member's claim that paid the same batch, a reactor) are replayed as before.
   */
  private replayOf<TEvent extends NewEvent>(commit: CommitDocument, meta: CommandMetadata): HandleResult<TEvent> {
    const first = commit.request;
    if (
      first &&
      meta.request &&
      first.idempotencyKey === meta.request.idempotencyKey &&
      first.fingerprint !== meta.request.fingerprint
    )
      throw new DomainError('common.idempotency_key_reused');
    const envelopes = toEnvelopes(upcastCommit(commit));
    return {
      streamId: commit.streamId,
      version: envelopes[envelopes.length - 1]!.version,
      events: envelopes as HandleResult<TEvent>['events'],
      replayed: true,
    };
  }
}

function upcastCommit(commit: CommitDocument): CommitDocument {
  const stale = commit.events.some((event) => {
    const contract = eventContract(event.type);
    return contract !== undefined && contract.schemaVersion !== event.schemaVersion;
  });
  if (!stale) return commit;
  return {
    ...commit,
    events: commit.events.map((event) => {
      const contract = eventContract(event.type);
      if (!contract || event.schemaVersion === contract.schemaVersion) return event;
      return { ...event, ...upcast(event.type, event.schemaVersion, event.data) };
    }),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

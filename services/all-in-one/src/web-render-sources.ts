import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Consumer, Kafka } from 'kafkajs';
import type { EventEnvelope } from '@forum/contracts';
import { consumerSettings, decodeEvent, restartAfterCrash, retryingKafka, TopicRegistry } from '@forum/event-bus';
import type { ApiAnswer, ChangeSource, VisitorApi } from './server-render';

// What the distributed mode's page renderer (`web-main.ts`, ADR 49) renders from: the contexts over HTTP, and the
// events from Kafka.

/** The longest a render waits for one API answer (a page waits at most 3 s for its render anyway). */
const API_TIMEOUT_MS = 5_000;
/**
 * A context's projection may apply an event after this process heard it: a page rendered in between would be kept
 * with the old answer. Each change is announced again after these delays (`RENDER_ANNOUNCE_AGAIN_MS`), which
 * drops such a page; the changes heard within one delay are announced together, so each delay costs a page at most
 * one render per period. On the 2-core machine at load 20, a list projection applied a new topic more than 5 s
 * after the renderer heard it (ADR 49); past the last delay, the 60 s background refresh still corrects a page.
 */
const ANNOUNCED_AGAIN_MS = (process.env.RENDER_ANNOUNCE_AGAIN_MS ?? '1000,5000,15000,30000')
  .split(',')
  .map(Number)
  .filter((ms) => Number.isFinite(ms) && ms > 0);

/** The API of the contexts over HTTP, as the visitor whose page is rendered. */
export class HttpVisitorApi implements VisitorApi {
  private turn = 0;

  constructor(
    private readonly contexts: ReadonlyMap<string, readonly string[]>,
    private readonly rootRoutes: ReadonlyMap<string, string>,
  ) {}

  static fromEnvironment(env: NodeJS.ProcessEnv = process.env): HttpVisitorApi {
    const contexts = new Map<string, string[]>();
    for (const [name, urls] of pairs(env.RENDER_API_URLS ?? '', 'RENDER_API_URLS'))
      contexts.set(
        name,
        urls.split('|').map((url) => url.trim().replace(/\/+$/, '')),
      );
    if (contexts.size === 0) throw new Error('RENDER_API_URLS is required: <context>=<url>[|<url>…],…');
    const roots = new Map(pairs(env.RENDER_ROOT_ROUTES ?? '', 'RENDER_ROOT_ROUTES'));
    for (const [root, context] of roots)
      if (!contexts.has(context))
        throw new Error(`RENDER_ROOT_ROUTES: ${root} names ${context}, not in RENDER_API_URLS`);
    return new HttpVisitorApi(contexts, roots);
  }

  async get(url: string, visitor: { ip: string; language: string; page?: string }): Promise<ApiAnswer> {
    const pathname = url.split('?')[0]!;
    const context = /^\/api\/([a-z-]+)(\/|$)/.exec(pathname)?.[1] ?? this.rootRoutes.get(pathname);
    const upstreams = context ? this.contexts.get(context) : undefined;
    if (!upstreams?.length) return answer(404, '{"code":"common.route_not_found"}');
    // One render's reads go to one replica of each context (its page's), so that the head and the body of a page
    // are not read from two replicas whose projections stand at different events; other reads take turns.
    const first = (visitor.page === undefined ? this.turn++ : hash(visitor.page)) % upstreams.length;
    // A replica that refuses the connection is skipped, as nginx skips it (`max_fails`).
    for (let i = 0; i < upstreams.length; i++) {
      try {
        const response = await fetch(`${upstreams[(first + i) % upstreams.length]}${url}`, {
          headers: {
            accept: 'application/json',
            'accept-language': visitor.language,
            'x-requested-with': 'XMLHttpRequest',
            // The contexts trust the forwarded address (TRUST_PROXY, as behind nginx): rate limits and view counts
            // are the visitor's, not this process's.
            'x-forwarded-for': visitor.ip,
          },
          redirect: 'manual',
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        });
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? undefined,
          body: Buffer.from(await response.arrayBuffer()),
        };
      } catch {
        // Refused, reset or timed out: the next replica, else a server error (the page goes out unrendered).
      }
    }
    return answer(503, '{"code":"common.unavailable"}');
  }
}

/** A small non-negative hash of a text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function answer(status: number, json: string): ApiAnswer {
  return { status, contentType: 'application/json; charset=utf-8', body: Buffer.from(json) };
}

/** `a=b,c=d` as pairs (the value may hold `=`). */
function pairs(text: string, name: string): [string, string][] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      if (at <= 0) throw new Error(`${name}: "${part}" is not <key>=<value>`);
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    });
}

/**
 * Every event topic a projection reads (what changes an API answer), heard from the moment this process joins: a
 * consumer group of its own per process (every renderer replica hears every event), no offsets committed (a
 * restarted process has no kept pages to drop), deleted when the process stops.
 */
export class KafkaChanges implements ChangeSource {
  readonly groupId: string;
  private readonly listeners: ((events: readonly EventEnvelope[] | 'all') => void)[] = [];
  private consumer: Consumer | null = null;
  private joined = false;
  private readonly again = ANNOUNCED_AGAIN_MS.map((delay) => ({
    delay,
    events: [] as EventEnvelope[],
    timer: null as NodeJS.Timeout | null,
    all: false,
  }));

  constructor(
    private readonly kafka: Kafka,
    private readonly registry: TopicRegistry,
    private readonly topics: readonly string[],
    private readonly logger: FastifyBaseLogger,
    instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
  ) {
    this.groupId = registry.physical(`web.render-cache.${instance}`);
  }

  /** Whether the consumer is in its group (changes are heard). */
  get ready(): boolean {
    return this.joined;
  }

  onChanges(listener: (events: readonly EventEnvelope[] | 'all') => void): void {
    this.listeners.push(listener);
  }

  settings(): readonly unknown[] {
    // The settings are events too (moderation's `settings` stream names no item: every page is dropped).
    return [];
  }

  async start(): Promise<void> {
    await this.registry.ensure([...this.topics]);
    const consumer = this.kafka.consumer(consumerSettings(this.groupId, this.registry.fetchWaitMs));
    this.consumer = consumer;
    restartAfterCrash(
      consumer,
      () => this.start(),
      () => this.consumer === consumer,
      this.logger,
    );
    // Whatever changed before the group was joined (or while it rebalanced) went unheard.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.joined = true;
      this.announce('all');
    });
    consumer.on(consumer.events.CRASH, () => (this.joined = false));
    await consumer.connect();
    const physical = this.topics.map((topic) => this.registry.physical(topic));
    await retryingKafka(() => consumer.subscribe({ topics: physical, fromBeginning: false }));
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 3,
      eachBatch: async ({ batch }) => {
        const events = batch.messages.map((message) => decodeEvent(message.value)).filter((e) => e !== null);
        if (events.length > 0) this.announce(events);
      },
    });
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = null;
    this.joined = false;
    for (const again of this.again) if (again.timer) clearTimeout(again.timer);
    if (!consumer) return;
    await consumer.disconnect();
    const admin = this.kafka.admin();
    try {
      await admin.connect();
      await admin.deleteGroups([this.groupId]);
    } catch (error) {
      this.logger.warn({ err: error, groupId: this.groupId }, 'could not delete the render cache consumer group');
    } finally {
      await admin.disconnect();
    }
  }

  private announce(events: readonly EventEnvelope[] | 'all'): void {
    this.tell(events);
    for (const again of this.again) {
      if (events === 'all' || again.events.length + events.length > 10_000) again.all = true;
      else again.events.push(...events);
      again.timer ??= setTimeout(() => {
        const { all, events: heard } = again;
        again.timer = null;
        again.all = false;
        again.events = [];
        this.tell(all ? 'all' : heard);
      }, again.delay);
      again.timer.unref();
    }
  }

  private tell(events: readonly EventEnvelope[] | 'all'): void {
    for (const listener of this.listeners) listener(events);
  }
}

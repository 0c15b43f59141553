import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { hostname } from 'node:os';
import type { Consumer, Kafka } from 'kafkajs';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import {
  decodeEvent,
  disconnectOnce,
  ProjectionWaiter,
  restartAfterCrash,
  retryingKafka,
  TopicRegistry,
} from '@forum/event-bus';
import { APP_CONFIG, busLogger, CONTEXT_DB, KAFKA } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import {
  SEARCH_DOCUMENTS,
  SEARCH_DOCUMENTS_PROJECTION,
  SearchDocument,
  searchableText,
  SOURCES,
} from '../documents/search-documents.projection';
import { SEARCH_ENGINE_FACTORY } from './search-engine';
import type { IndexedDocument, SearchEngine, SearchEngineFactory } from './search-engine';

/** How long to wait for the projector (possibly in another replica) before reading the document anyway. */
const PROJECTION_WAIT_MS = 3000;
const LOAD_BATCH = 2000;

export interface LoadProgress {
  loaded: number;
  elapsedMs: number;
}

const indexed = (document: SearchDocument): IndexedDocument => ({
  id: document._id,
  kind: document.kind,
  title: document.title,
  text: searchableText(document),
  tagIds: document.tagIds,
  createdAt: document.createdAt,
});

/**
 * Keeps this replica's in-memory index equal to `search_documents`. At boot it joins a Kafka consumer group of its
 * own (every replica hears every change, from the latest offset), then loads the whole collection; from then on,
 * for every source event that changes a document, it waits until the projector has applied it and re-reads that
 * one document by `_id`. Re-reading, not re-deriving, keeps one definition of a document (the projection) and
 * makes every update idempotent and order-proof: whatever arrives, the index ends with the stored document.
 */
@Injectable()
export class IndexFollower implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('search-index');
  private consumer: Consumer | null = null;
  private loading: Promise<LoadProgress> | null = null;
  private readyPromise: Promise<void> = Promise.resolve();
  /** The engine searches use; a reload fills `next` and swaps it in, so searches never see a half index. */
  private current: SearchEngine;
  private next: { engine: SearchEngine; touched: Set<string> } | null = null;

  constructor(
    @Inject(SEARCH_ENGINE_FACTORY) private readonly newEngine: SearchEngineFactory,
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly waiter: ProjectionWaiter,
    private readonly topics: TopicRegistry,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.current = newEngine();
  }

  /** The index to search now. */
  get engine(): SearchEngine {
    return this.current;
  }

  /** Resolves once the index follows changes and holds every stored document. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.readyPromise = this.start();
    // Boot does not wait for a large index to load: searches answer from what is loaded so far.
    this.readyPromise.catch((error) => this.logger.error(error, 'search index failed to start'));
  }

  private async start(): Promise<void> {
    const groupId = this.topics.physical(
      `${this.config.SERVICE_NAME}.search-index.${hostname()}-${process.pid}-${newId().slice(-12)}`,
    );
    const consumer = this.kafka.consumer({
      groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: this.topics.fetchWaitMs,
    });
    this.consumer = consumer;
    // A group of its own from the latest offset: a restart after a crash reloads the whole index (below).
    restartAfterCrash(
      consumer,
      () => this.start(),
      () => this.consumer === consumer,
      busLogger(this.logger),
    );
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    const topics = Object.keys(SOURCES);
    const logical = new Map(topics.map((topic) => [this.topics.physical(topic), topic]));
    await this.topics.ensure(topics);
    await consumer.connect();
    await retryingKafka(() => consumer.subscribe({ topics: [...logical.keys()], fromBeginning: false }));
    await consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: 4,
      eachMessage: async ({ topic, message }) => {
        const event = decodeEvent(message.value);
        const id = event && SOURCES[logical.get(topic) ?? '']?.(event);
        if (!event || !id) return;
        await this.waiter.waitFor(SEARCH_DOCUMENTS_PROJECTION, event.streamId, event.version, PROJECTION_WAIT_MS, () =>
          this.documents()
            .findOne({ _id: id }, { projection: { _version: 1 } })
            .then((document) => (document?._version ?? 0) >= event.version),
        );
        await this.refresh(id);
      },
    });
    await joined;
    await this.reload();
  }

  /** Re-reads one document and puts it in, or takes it out of, the index (and the one being loaded). */
  async refresh(id: string): Promise<void> {
    const document = await this.documents().findOne({ _id: id });
    this.next?.touched.add(id);
    for (const engine of this.next ? [this.current, this.next.engine] : [this.current]) {
      if (!document || document.deleted) engine.remove(id);
      else engine.upsert(indexed(document));
    }
  }

  /** Loads the whole collection into a new index (after a rebuild swapped it) and swaps it in; one at a time. */
  reload(onProgress?: (progress: LoadProgress) => void): Promise<LoadProgress> {
    this.loading ??= this.load(onProgress).finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(onProgress?: (progress: LoadProgress) => void): Promise<LoadProgress> {
    const started = Date.now();
    const next = { engine: this.current.size === 0 ? this.current : this.newEngine(), touched: new Set<string>() };
    this.next = next;
    let loaded = 0;
    try {
      for await (const document of this.documents()
        .find({ deleted: { $ne: true } })
        .batchSize(LOAD_BATCH)) {
        next.engine.upsert(indexed(document));
        if (++loaded % LOAD_BATCH === 0) onProgress?.({ loaded, elapsedMs: Date.now() - started });
      }
    } finally {
      this.next = null;
    }
    this.current = next.engine;
    // A change heard while loading may have been overtaken by an older copy from the load: read those again.
    await Promise.all([...next.touched].map((id) => this.refresh(id)));
    const progress = { loaded, elapsedMs: Date.now() - started };
    this.logger.log(`search index holds ${this.current.size} documents (loaded ${loaded} in ${progress.elapsedMs} ms)`);
    onProgress?.(progress);
    return progress;
  }

  onModuleDestroy(): void {
    void disconnectOnce(this.consumer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await disconnectOnce(this.consumer);
    this.consumer = null;
  }

  private documents() {
    return this.db.collection<SearchDocument>(SEARCH_DOCUMENTS);
  }
}

import {
  BeforeApplicationShutdown,
  DynamicModule,
  INestApplicationContext,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import type { Db, MongoClient } from 'mongodb';
import {
  ConsumerRunner,
  OutboxRelay,
  projectionsRunner,
  ProjectionDefinition,
  ProjectionWaiter,
  TopicRegistry,
  trackProjections,
} from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { AccessRevocationFeed, accessRevocationsProjection } from '../auth/access-revocations';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Metrics } from '../observability/metrics';
import { Readiness } from '../observability/readiness';
import { KAFKA, MONGO_CLIENT } from '../platform.tokens';

export interface ContextOptions {
  /** The bounded context: names its database (`<prefix><context>`) and its Kafka topics (`<context>.<aggregate>`). */
  context: string;
  projections?: ProjectionDefinition[];
}

/**
 * The contexts this process hosts, with their projections (every context in the all-in-one app, one in a
 * service): what the console's rebuild job may rebuild here (ADR 0021).
 */
const hosted = new Map<string, ProjectionDefinition[]>();

export function hostedProjections(): ReadonlyMap<string, ProjectionDefinition[]> {
  return hosted;
}

/** The contexts running in this process now (tests start and stop several apps in turn). */
const running = new Set<string>();

/**
 * One context per process keeps the record of ended sessions (identity when it runs here): every context's copy
 * would hold the same identity events, and each copy is one more consumer group polling Kafka.
 */
function keepsRevocations(context: string): boolean {
  return context === (running.has('identity') ? 'identity' : [...running].sort()[0]);
}

/** The context's own MongoDB database (event store and read models). */
export const CONTEXT_DB = Symbol('ContextDb');
const CONTEXT_OPTIONS = Symbol('ContextOptions');

export function contextDatabaseName(config: AppConfig, context: string): string {
  return `${config.MONGO_DB_PREFIX}${context}`;
}

/** Starts and stops a context's moving parts: indexes, the outbox relay, its projection runners. */
@Injectable()
class ContextRuntime implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('event-sourcing');
  private relay: OutboxRelay | null = null;
  private runners: ConsumerRunner[] = [];

  constructor(
    @Inject(CONTEXT_OPTIONS) private readonly options: ContextOptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(KAFKA) private readonly kafka: Kafka,
    private readonly store: EventStore,
    private readonly topics: TopicRegistry,
    private readonly waiter: ProjectionWaiter,
    private readonly metrics: Metrics,
    private readonly readiness: Readiness,
  ) {
    running.add(options.context);
  }

  async onApplicationBootstrap(): Promise<void> {
    const { context } = this.options;
    const projections = [
      ...(this.options.projections ?? []),
      ...(keepsRevocations(context) ? [accessRevocationsProjection(context)] : []),
    ];
    hosted.set(context, projections);
    await this.store.ensureIndexes();
    for (const projection of projections) await projection.createIndexes?.(this.db, (name) => name);
    const logger = busLogger(this.logger);
    this.relay = new OutboxRelay(this.store, this.kafka, this.topics, {
      logger,
      onBacklog: (size) => this.metrics.outboxBacklog.set({ context }, size),
      onPublished: (events) => this.waiter.published(events),
    });
    await this.relay.start();
    this.readiness.register(`${context}.outbox`, async () => {
      if (!this.relay) throw new Error('relay stopped');
    });
    // Where the projections' progress is, for a request whose write another replica projects (ADR 0052).
    trackProjections(this.waiter, projections, this.db, { service: this.config.SERVICE_NAME, topics: this.topics });
    if (!this.config.RUN_WORKERS) return;
    // One consumer group for all of the context's projections (ADR 36).
    this.runners =
      projections.length === 0
        ? []
        : [
            projectionsRunner(projections, this.db, this.waiter, {
              service: this.config.SERVICE_NAME,
              kafka: this.kafka,
              topics: this.topics,
              logger,
              onLag: (group, topic, partition, lag) =>
                this.metrics.projectorLag.set({ group, topic, partition: String(partition) }, lag),
            }),
          ];
    await Promise.all(this.runners.map((runner) => runner.start()));
    this.logger.log(`${context}: relay and ${projections.length} projection(s) on one consumer running`);
  }

  /**
   * Starts stopping the consumers (each waits for its fetch in flight, up to `KAFKA_FETCH_WAIT_MS`): Nest calls
   * this hook in every module before any `beforeApplicationShutdown`, so all contexts' consumers stop at once
   * instead of one context after another.
   */
  onModuleDestroy(): void {
    for (const runner of this.runners) void runner.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    running.delete(this.options.context);
    await Promise.allSettled(this.runners.map((runner) => runner.stop()));
    await this.relay?.stop();
    this.relay = null;
  }
}

/**
 * A context's database from outside the context (demo seeds, tools). `app.select(Module).get(CONTEXT_DB)` is not
 * scoped to that module (CONTEXT_DB lives in each context's EventSourcingModule): it answered another context's
 * database once a ninth context was added.
 */
export function contextDb(app: INestApplicationContext, context: string): Db {
  return app.get<MongoClient>(MONGO_CLIENT).db(contextDatabaseName(app.get<AppConfig>(APP_CONFIG), context));
}

/** Nest's logger in the shape the event bus logs with. */
export function busLogger(logger: Logger) {
  return {
    info: (obj: object, msg?: string) => logger.log({ ...obj, msg }),
    warn: (obj: object, msg?: string) => logger.warn({ ...obj, msg }),
    error: (obj: object, msg?: string) => logger.error({ ...obj, msg }),
  };
}

/**
 * Gives a bounded context its event store, database and workers. Import it once per context module:
 * `EventSourcingModule.forContext({ context: 'forum', projections: [topicListProjection] })`.
 */
@Module({})
export class EventSourcingModule {
  static forContext(options: ContextOptions): DynamicModule {
    hosted.set(options.context, options.projections ?? []);
    return {
      module: EventSourcingModule,
      providers: [
        { provide: CONTEXT_OPTIONS, useValue: options },
        {
          provide: CONTEXT_DB,
          inject: [MONGO_CLIENT, APP_CONFIG],
          useFactory: (client: MongoClient, config: AppConfig) =>
            client.db(contextDatabaseName(config, options.context)),
        },
        {
          provide: EventStore,
          inject: [CONTEXT_DB, Metrics],
          useFactory: (db: Db, metrics: Metrics) =>
            new EventStore(options.context, db, {
              onConflict: () => metrics.commandConflicts.inc({ context: options.context }),
            }),
        },
        ContextRuntime,
        {
          provide: AccessRevocationFeed,
          inject: [CONTEXT_DB, APP_CONFIG],
          useFactory: (db: Db, config: AppConfig) =>
            new AccessRevocationFeed(db, config, () => keepsRevocations(options.context)),
        },
      ],
      exports: [CONTEXT_DB, EventStore],
    };
  }
}

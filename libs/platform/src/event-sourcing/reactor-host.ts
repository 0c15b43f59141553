import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import type { Db } from 'mongodb';
import {
  ConsumerRunner,
  ProjectionWaiter,
  ReactorDefinition,
  reactorsRunner,
  TopicRegistry,
  trackReactors,
} from '@forum/event-bus';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { KAFKA } from '../platform.tokens';
import { busLogger, CONTEXT_DB } from './event-sourcing.module';

/**
 * Runs a part's reactors where workers run (`RUN_WORKERS`), like the projection runners, and stops them on
 * shutdown. Extend it and name the reactors: `class Counters extends ReactorHost { reactors() { return [...] } }`.
 * A host's reactors share one consumer group, each with its own checkpoints in the context's database (ADR 45):
 * a reactor that must not wait for the others' batches (a long fan-out) belongs in a host of its own.
 */
export abstract class ReactorHost implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  @Inject(KAFKA) private readonly kafka!: Kafka;
  @Inject(APP_CONFIG) private readonly config!: AppConfig;
  @Inject(TopicRegistry) private readonly topics!: TopicRegistry;
  @Inject(CONTEXT_DB) private readonly db!: Db;
  @Inject(ProjectionWaiter) private readonly projectionWaiter!: ProjectionWaiter;
  private runner: ConsumerRunner | null = null;

  abstract reactors(): ReactorDefinition[];

  async onApplicationBootstrap(): Promise<void> {
    const reactors = this.reactors();
    // Where the reactors' progress is, for a request whose write another replica's reactor handles (ADR 0052).
    trackReactors(this.projectionWaiter, reactors, this.db, { service: this.config.SERVICE_NAME, topics: this.topics });
    if (!this.config.RUN_WORKERS || reactors.length === 0) return;
    const logger = busLogger(new Logger(this.constructor.name));
    const context = { service: this.config.SERVICE_NAME, kafka: this.kafka, topics: this.topics, logger };
    this.runner = reactorsRunner(reactors, this.db, context, this.projectionWaiter);
    await this.runner.start();
  }

  /** Starts the reactors' stop with every other consumer's (see `ContextRuntime.onModuleDestroy`). */
  onModuleDestroy(): void {
    void this.runner?.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner?.stop().catch(() => undefined);
    this.runner = null;
  }
}

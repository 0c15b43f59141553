import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { ConsumerRunner, ReactorDefinition, reactorRunner, TopicRegistry } from '@forum/event-bus';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { KAFKA } from '../platform.tokens';
import { busLogger } from './event-sourcing.module';

/**
 * Runs a part's reactors where workers run (`RUN_WORKERS`), like the projection runners, and stops them on
 * shutdown. Extend it and name the reactors: `class Counters extends ReactorHost { reactors() { return [...] } }`.
 */
export abstract class ReactorHost implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  @Inject(KAFKA) private readonly kafka!: Kafka;
  @Inject(APP_CONFIG) private readonly config!: AppConfig;
  @Inject(TopicRegistry) private readonly topics!: TopicRegistry;
  private runners: ConsumerRunner[] = [];

  abstract reactors(): ReactorDefinition[];

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.RUN_WORKERS) return;
    const logger = busLogger(new Logger(this.constructor.name));
    this.runners = this.reactors().map((reactor) =>
      reactorRunner(reactor, { service: this.config.SERVICE_NAME, kafka: this.kafka, topics: this.topics, logger }),
    );
    await Promise.all(this.runners.map((runner) => runner.start()));
  }

  /** Starts the reactors' stop with every other consumer's (see `ContextRuntime.onModuleDestroy`). */
  onModuleDestroy(): void {
    for (const runner of this.runners) void runner.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }
}

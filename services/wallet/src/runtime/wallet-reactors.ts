import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { ConsumerRunner, ReactorDefinition, reactorRunner, TopicRegistry } from '@forum/event-bus';
import { APP_CONFIG, KAFKA } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { Transfers } from '../ledger/transfers';
import { RechargeCredits } from '../payments/recharge-credits';
import { PointsForPosting } from '../points/points-for-posting';

/**
 * Runs the wallet's reactors in processes that run workers (`RUN_WORKERS`), like the projection runners: the
 * transfer healer, points for posting, and the recharge credit after a paid intent.
 */
@Injectable()
export class WalletReactors implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('wallet-reactors');
  private runners: ConsumerRunner[] = [];

  constructor(
    private readonly transfers: Transfers,
    private readonly points: PointsForPosting,
    private readonly recharges: RechargeCredits,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly topics: TopicRegistry,
  ) {}

  definitions(): ReactorDefinition[] {
    return [this.transfers.reactor(), this.points.reactor(), this.recharges.reactor()];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.RUN_WORKERS) return;
    const logger = {
      info: (obj: object, msg?: string) => this.logger.log({ ...obj, msg }),
      warn: (obj: object, msg?: string) => this.logger.warn({ ...obj, msg }),
      error: (obj: object, msg?: string) => this.logger.error({ ...obj, msg }),
    };
    this.runners = this.definitions().map((reactor) =>
      reactorRunner(reactor, { service: this.config.SERVICE_NAME, kafka: this.kafka, topics: this.topics, logger }),
    );
    await Promise.all(this.runners.map((runner) => runner.start()));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }
}

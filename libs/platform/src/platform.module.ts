import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import type { Kafka } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { createKafka, ProjectionWaiter, TopicRegistry } from '@forum/event-bus';
import { AuthGuard } from './auth/auth.guard';
import { TokenService } from './auth/token.service';
import { APP_CONFIG, AppConfig, kafkaSettings } from './config';
import { CsrfGuard } from './http/csrf';
import { ErrorFilter } from './http/error.filter';
import { FilesModule } from './files/files.module';
import { RateLimitGuard, rateLimitOptions } from './http/rate-limit';
import { RateLimitStorage } from './http/rate-limit-storage';
import { HealthController } from './observability/health.controller';
import { OpsController } from './observability/ops.controller';
import { rootLogger } from './observability/logger';
import { Metrics } from './observability/metrics';
import { Readiness } from './observability/readiness';
import { KAFKA, MONGO_CLIENT } from './platform.tokens';
import { PeerCommands, PeerController, PeerMessageController } from './peers';
import { SiteModeGuard } from './settings/site-mode.guard';
import { SiteSettingsCache } from './settings/site-settings.cache';

/** Closes the shared clients after every context has stopped its workers. */
@Injectable()
class ClientsShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(MONGO_CLIENT) private readonly mongo: MongoClient,
    private readonly topics: TopicRegistry,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.topics.close();
    await this.mongo.close();
  }
}

/**
 * What every service shares: configuration, the MongoDB and Kafka clients, the command/query bus, and the
 * HTTP policies that are on by default (auth, CSRF, rate limits, one error shape).
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot(), FilesModule],
      controllers: [HealthController, OpsController, PeerController, PeerMessageController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: MONGO_CLIENT,
          inject: [Readiness],
          useFactory: async (readiness: Readiness) => {
            const client = new MongoClient(config.MONGO_URL, { maxPoolSize: 50 });
            await client.connect();
            readiness.register('mongodb', async () => void (await client.db('admin').command({ ping: 1 })));
            return client;
          },
        },
        {
          provide: KAFKA,
          useFactory: () => createKafka(kafkaSettings(config), rootLogger(config).child({ component: 'kafka' })),
        },
        {
          provide: TopicRegistry,
          inject: [KAFKA],
          useFactory: (kafka: Kafka) => new TopicRegistry(kafka, kafkaSettings(config)),
        },
        ProjectionWaiter,
        Metrics,
        Readiness,
        TokenService,
        SiteSettingsCache,
        PeerCommands,
        ClientsShutdown,
        // `@nestjs/throttler`'s options and storage (what its `ThrottlerModule` would provide), counted in MongoDB.
        { provide: getOptionsToken(), useValue: rateLimitOptions(config) },
        RateLimitStorage,
        { provide: getStorageToken(), useExisting: RateLimitStorage },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: SiteModeGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [
        APP_CONFIG,
        MONGO_CLIENT,
        KAFKA,
        TopicRegistry,
        ProjectionWaiter,
        Metrics,
        Readiness,
        TokenService,
        SiteSettingsCache,
        PeerCommands,
        CqrsModule,
      ],
    };
  }
}

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { AppConfig, AppRootModule, createApp, loadConfig, TokenService } from '@forum/platform';
import { contextModules } from './contexts';
import type { ContextRef } from './contexts';
import { uniqueName } from './eventually';
import { testInfra } from './harness/infra';
import { TestClient } from './http-client';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  client: TestClient;
  routes: { method: string; url: string }[];
  mongo: MongoClient;
  /** The context's database, for asserting what was (not) written. */
  db(context: string): ReturnType<MongoClient['db']>;
  /** Listens on a free port (for browsers and load generators) and returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides (validated like the real configuration). */
  env?: Record<string, string>;
  /** Runs before the app initialises: register extra routes (the web apps), plugins… */
  configure?(app: NestFastifyApplication): Promise<void> | void;
}

/**
 * Env for `startTestApp` (or a fixture built on it) to use the same databases and topics as `config`: another
 * replica of that app. Add `RUN_WORKERS: 'false'` for a replica that runs no projector.
 */
export function sharedEnv(config: AppConfig): Record<string, string> {
  return { MONGO_DB_PREFIX: config.MONGO_DB_PREFIX, KAFKA_TOPIC_PREFIX: config.KAFKA_TOPIC_PREFIX };
}

/** Apps open per topic prefix (a replica shares its first app's, `sharedEnv`), and the prefixes made here. */
const openApps = new Map<string, number>();
const madeHere = new Set<string>();

/**
 * Deletes the topics under a prefix. The suites share one broker and every app has its own prefix: a CI run had
 * 1,800 partitions after its first 10 suites, and a broker that served a working session's suites died with "Too
 * many open files" at 19,785 (one file handle or more each; 20,000 allowed here).
 */
async function deleteTopics(brokers: string[], prefix: string): Promise<void> {
  const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10_000 });
  } catch {
    // Best effort: a topic left behind costs file handles, not correctness.
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * Boots the given contexts (by name, or a service's own module class) against the suite's real Kafka and MongoDB,
 * isolated by a fresh database prefix and topic prefix so spec files never see each other's data.
 */
export async function startTestApp(contexts: ContextRef[], options: TestAppOptions = {}): Promise<TestApp> {
  const infra = testInfra();
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVICE_NAME: 'test',
    MONGO_URL: infra.mongoUrl,
    MONGO_DB_PREFIX: `${uniqueName('t')}_`,
    KAFKA_BROKERS: infra.brokers,
    KAFKA_TOPIC_PREFIX: `${uniqueName('t')}.`,
    KAFKA_PARTITIONS: '3',
    // Apps start and stop all day here: a short fetch hold keeps a stop quick (production idles longer).
    KAFKA_FETCH_WAIT_MS: '100',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    // A write answers once its own projections applied it, or after this bound (2 s in production). Tests assert
    // what the writer then sees; in CI the suite shares two vCPUs, and the host has been seen stealing 55–68 % of
    // them: 2 s was not enough there (a topic answered `visible: false`, a new member's login found no member).
    READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    ...options.env,
  });
  const prefix = config.KAFKA_TOPIC_PREFIX;
  if (!options.env?.KAFKA_TOPIC_PREFIX) madeHere.add(prefix);
  openApps.set(prefix, (openApps.get(prefix) ?? 0) + 1);
  const { app, routes } = await createApp(AppRootModule.hosting(config, await contextModules(contexts)), config);
  await options.configure?.(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const mongo = new MongoClient(config.MONGO_URL);
  await mongo.connect();
  return {
    app,
    config,
    routes,
    mongo,
    client: new TestClient(app, app.get(TokenService)),
    db: (context) => mongo.db(`${config.MONGO_DB_PREFIX}${context}`),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.getHttpServer().address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async close() {
      await app.close();
      await mongo.close();
      // The topics go with the last app using them, if a test app made them (a fixture's own prefix stays).
      const left = (openApps.get(prefix) ?? 1) - 1;
      openApps.set(prefix, left);
      if (left === 0 && madeHere.has(prefix)) await deleteTopics(config.KAFKA_BROKERS, prefix);
    },
  };
}

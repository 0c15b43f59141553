/** Where the integration suite's Kafka broker and MongoDB-wire server are: set by the global setup. */
export interface TestInfra {
  brokers: string;
  mongoUrl: string;
  /** 'containers' (testcontainers), 'local' (processes started by the harness) or 'external' (given by env). */
  kind: 'containers' | 'local' | 'external';
}

export const INFRA_ENV = {
  brokers: 'FORUM_TEST_KAFKA_BROKERS',
  mongoUrl: 'FORUM_TEST_MONGO_URL',
  kind: 'FORUM_TEST_INFRA_KIND',
};

export function testInfra(): TestInfra {
  const brokers = process.env[INFRA_ENV.brokers];
  const mongoUrl = process.env[INFRA_ENV.mongoUrl];
  if (!brokers || !mongoUrl) {
    throw new Error('integration infrastructure is not running: run integration specs through jest (npm test)');
  }
  return { brokers, mongoUrl, kind: (process.env[INFRA_ENV.kind] ?? 'local') as TestInfra['kind'] };
}

import { INFRA_ENV } from './infra';

interface Stoppable {
  stop(): Promise<unknown>;
}

declare global {
  var __forumTestInfra: Stoppable[] | undefined;
}

/**
 * Starts what integration specs talk to: KAFKA_BROKERS/MONGO_URL when both are given, real containers when a
 * Docker engine answers, otherwise a local Kafka broker and MongoDB-wire server (deploy/local-infra).
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const running: Stoppable[] = [];
  let brokers = process.env.KAFKA_BROKERS;
  let mongoUrl = process.env.MONGO_URL;
  let kind = 'external';
  if (!brokers || !mongoUrl) {
    if (await dockerEngineAnswers()) {
      kind = 'containers';
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      const [kafka, mongo] = await Promise.all([
        new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start(),
        new MongoDBContainer('mongo:8.0').start(),
      ]);
      running.push(kafka, mongo);
      brokers = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
      mongoUrl = `${mongo.getConnectionString()}/?directConnection=true`;
    } else {
      kind = 'local';
      const infra = await import('../../../local-infra/src');
      await infra.ensureLocalInfraFetched();
      const [kafka, mongo] = await Promise.all([infra.startLocalKafka(), infra.startLocalMongo()]);
      running.push(kafka, mongo);
      brokers = kafka.brokers;
      mongoUrl = mongo.url;
    }
  }
  process.env[INFRA_ENV.brokers] = brokers;
  process.env[INFRA_ENV.mongoUrl] = mongoUrl;
  process.env[INFRA_ENV.kind] = kind;
  globalThis.__forumTestInfra = running;
  console.log(`\n[harness] ${kind} Kafka ${brokers} and MongoDB ${mongoUrl} ready in ${Date.now() - started} ms`);
}

async function dockerEngineAnswers(): Promise<boolean> {
  if (process.env.FORUM_TEST_INFRA === 'local') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 5000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

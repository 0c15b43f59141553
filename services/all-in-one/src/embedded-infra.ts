import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ensureLocalInfraFetched,
  RunningKafka,
  RunningMongo,
  startLocalKafka,
  startLocalMongo,
} from '@forum/local-infra';

export interface EmbeddedInfra {
  /** Stops what this process started (SIGTERM; SIGKILL after `graceMs`). Servers given by env are left alone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The embedded default: unless KAFKA_BROKERS and MONGO_URL point elsewhere, start a local Kafka broker and a
 * file-backed MongoDB-wire server whose data live in `dataDir`, and keep a generated JWT secret there.
 * Fixed ports, so a restart finds the same data.
 */
export async function startEmbeddedInfra(dataDir: string): Promise<EmbeddedInfra> {
  mkdirSync(dataDir, { recursive: true });
  const running: (RunningKafka | RunningMongo)[] = [];
  if (!process.env.JWT_SECRET) process.env.JWT_SECRET = persistentSecret(path.join(dataDir, 'jwt-secret'));
  const needKafka = !process.env.KAFKA_BROKERS;
  const needMongo = !process.env.MONGO_URL;
  if (needKafka || needMongo) await ensureLocalInfraFetched();
  const [kafka, mongo] = await Promise.all([
    needKafka
      ? startLocalKafka({
          port: Number(process.env.FORUM_KAFKA_PORT ?? 19092),
          controllerPort: Number(process.env.FORUM_KAFKA_CONTROLLER_PORT ?? 19093),
          dataDir: path.join(dataDir, 'kafka'),
        })
      : null,
    needMongo
      ? startLocalMongo({ port: Number(process.env.FORUM_MONGO_PORT ?? 27018), file: path.join(dataDir, 'mongo.mv') })
      : null,
  ]);
  if (kafka) {
    running.push(kafka);
    process.env.KAFKA_BROKERS = kafka.brokers;
  }
  if (mongo) {
    running.push(mongo);
    process.env.MONGO_URL = mongo.url;
  }
  return {
    async stop(graceMs?: number) {
      await Promise.allSettled(running.map((service) => service.stop(graceMs)));
    },
  };
}

function persistentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

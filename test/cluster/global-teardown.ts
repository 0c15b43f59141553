import { rmSync } from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { INFRA_ENV } from '../../libs/testing/src/harness/infra';
import { CLUSTER_ENV } from './cluster-env';

/**
 * Stops the cluster the way Ctrl+C does (nginx, services, broker and database), then drops its data but the logs;
 * on a shared broker and database, its topics and databases.
 */
export default async function globalTeardown(): Promise<void> {
  const cluster = globalThis.__forumCluster;
  if (!cluster) return;
  const { launcher, dataDir, shared } = cluster;
  if (launcher.exitCode === null && launcher.signalCode === null) {
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    // The launcher gives each service 20 s; whatever is left when it is killed follows it (ADR 0046).
    const timer = setTimeout(() => launcher.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  }
  if (shared) await dropShared().catch(() => undefined);
  for (const entry of ['kafka', 'mongo.mv', 'files'])
    rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  console.log(`[cluster] stopped; its logs: ${path.join(dataDir, 'logs')}`);
}

async function dropShared(): Promise<void> {
  const dbPrefix = process.env[CLUSTER_ENV.dbPrefix]!;
  const topicPrefix = process.env[CLUSTER_ENV.topicPrefix]!;
  const mongo = new MongoClient(process.env[INFRA_ENV.mongoUrl]!);
  try {
    const { databases } = await mongo.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (name.startsWith(dbPrefix)) await mongo.db(name).dropDatabase();
  } finally {
    await mongo.close();
  }
  const admin = new Kafka({ brokers: process.env[INFRA_ENV.brokers]!.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10_000 });
  } finally {
    await admin.disconnect();
  }
}

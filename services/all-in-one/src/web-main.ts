import path from 'node:path';
import Fastify, { LogController } from 'fastify';
import { createKafka, TopicRegistry } from '@forum/event-bus';
import { PROJECTIONS } from './contexts';
import { HttpVisitorApi, KafkaChanges } from './web-render-sources';
import { serveMemberSite } from './web-shell';

/**
 * The distributed mode's page renderer (ADR 49): the member site's pages rendered on the server as the all-in-one
 * renders them (`web-shell.ts`, `server-render.ts`), hosting no context. nginx sends it every page path that is not
 * a file; it reads the API from the contexts over HTTP as the visitor (their address in `X-Forwarded-For`), and
 * drops kept pages on the events it hears from Kafka in a consumer group of its own.
 *
 * Environment: PORT (3000), HOST (0.0.0.0), TRUST_PROXY (behind nginx: true), LOG_LEVEL (info),
 * RENDER_API_URLS (`<context>=<url>[|<url>…],…`: where each context's `/api/<context>/…` is answered, replicas
 * taken in turn), RENDER_ROOT_ROUTES (`<path>=<context>,…`: the root paths, `/baseInfo=moderation`),
 * KAFKA_BROKERS, KAFKA_TOPIC_PREFIX, KAFKA_FETCH_WAIT_MS, KAFKA_PARTITIONS, SERVER_RENDER_CACHE_MB.
 */

/** Every topic a projection of some context reads: the events that can change what the API answers a visitor. */
export function projectedTopics(): string[] {
  return [
    ...new Set(Object.values(PROJECTIONS).flatMap((list) => list.flatMap((projection) => projection.topics))),
  ].sort();
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../../../..');
  const env = process.env;
  const fastify = Fastify({
    logger: { level: env.LOG_LEVEL ?? 'info' },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
  });
  const brokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new Error('KAFKA_BROKERS is required');
  const settings = {
    brokers,
    clientId: env.SERVICE_NAME ?? 'web',
    topicPrefix: env.KAFKA_TOPIC_PREFIX ?? '',
    partitions: Number(env.KAFKA_PARTITIONS ?? 3),
    fetchWaitMs: Number(env.KAFKA_FETCH_WAIT_MS ?? 2000),
  };
  const kafka = createKafka(settings, fastify.log);
  const registry = new TopicRegistry(kafka, settings);
  const changes = new KafkaChanges(kafka, registry, projectedTopics(), fastify.log);
  const site = serveMemberSite(fastify, root, { api: HttpVisitorApi.fromEnvironment(env), changes });
  fastify.get('/api/health', async () => ({ status: 'ok' }));
  fastify.get('/api/ready', async (_request, reply) => {
    const ready = { render: site.ready(), changes: changes.ready };
    return reply.code(ready.render && ready.changes ? 200 : 503).send(ready);
  });
  // Pages are served while the consumer joins: joining drops every page kept until then (`/api/ready` waits for it).
  await fastify.listen({ port: Number(env.PORT ?? 3000), host: env.HOST ?? '0.0.0.0' });
  await changes.start();
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void Promise.allSettled([fastify.close(), changes.stop(), registry.close()]).then(() => process.exit(0));
    });
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });

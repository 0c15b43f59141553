import 'reflect-metadata';
import path from 'node:path';
import { runService } from '@forum/platform';
import { ALL_CONTEXTS } from './contexts';
import { DEMO_ACCOUNTS, seedDemo } from './demo-seed';
import { startEmbeddedInfra } from './embedded-infra';
import { stopOnSignals, trackRequests } from './shutdown';
import { serveWebApps } from './web-shell';

/**
 * `npm start`: every context in one process, with a local Kafka broker and MongoDB-wire server unless
 * KAFKA_BROKERS / MONGO_URL are given, the web apps, and demo content.
 */
async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../../../..');
  const dataDir = process.env.FORUM_DATA_DIR ?? path.join(root, '.data');
  // One process writes and applies every revocation itself: no replica to hear from (ADR 26).
  process.env.ACCESS_REVOCATION_POLL_MS ??= '0';
  // One process counts every request itself: the rate limits need no shared store (ADR 50).
  process.env.RATE_LIMIT_STORE ??= 'process';
  console.log('Starting Kafka and the MongoDB-wire server (first run downloads them from Maven Central)…');
  const infra = await startEmbeddedInfra(dataDir);
  const before = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  const { app, url } = await runService(ALL_CONTEXTS, (created) => serveWebApps(created, root));
  // Nest's shutdown hooks would close the app and re-raise the signal, killing this process before it stops the
  // broker and the database: here `stopOnSignals` does the whole stop, in order.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.removeListener(signal, listener);
  stopOnSignals(app, infra, trackRequests(app.getHttpServer()));
  const demo = await seedDemo(app);
  const { member, staff } = DEMO_ACCOUNTS;
  console.log(`
  Forum is running${demo.seeded ? ' (demo content seeded)' : ''}.

    Member site      ${url}/
    Staff console    ${url}/admin/
    API docs         ${url}/api/docs
    Health, metrics  ${url}/api/ready  ${url}/api/metrics
    Kafka            ${process.env.KAFKA_BROKERS}
    MongoDB          ${process.env.MONGO_URL}
    Data             ${dataDir}

  Demo logins: member ${member.account} / ${member.password}, staff ${staff.account} / ${staff.password}

  Try the API:
    curl -s ${url}/api/forum/topics
    curl -s -c /tmp/forum.cookies ${url}/baseInfo >/dev/null; XSRF=$(awk '/cms_token/ {print $7}' /tmp/forum.cookies)
    TOKEN=$(curl -s -b /tmp/forum.cookies -H "bbs-xsrf-token: $XSRF" -H 'content-type: application/json' \\
      -d '{"account":"${member.account}","password":"${member.password}"}' ${url}/api/identity/login | sed 's/.*"accessToken":"\\([^"]*\\)".*/\\1/')
    TAG=$(curl -s ${url}/api/forum/tags | grep -o '"tagId":"[^"]*","name":"[^"]*","parentId":"[^"]*","sort":[0-9]*,"leaf":true' | head -1 | cut -d'"' -f4)
    curl -s -b /tmp/forum.cookies -H "bbs-xsrf-token: $XSRF" -H "authorization: Bearer $TOKEN," -H 'content-type: application/json' \\
      -d '{"title":"Hello","content":"My first topic","tagIds":["'$TAG'"]}' ${url}/api/forum/topics

  Press Ctrl+C to stop.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import 'reflect-metadata';
import { MongoClient } from 'mongodb';
import { progressLine, rebuildProjection } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { PROJECTIONS } from './contexts';

/**
 * `npm run rebuild -- [projection …]`: rebuilds read models from the event store into shadow collections and
 * swaps them in, printing progress. With no names, rebuilds every projection. The app may keep running.
 */
async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const url =
    process.env.MONGO_URL ?? `mongodb://127.0.0.1:${process.env.FORUM_MONGO_PORT ?? 27018}/?directConnection=true`;
  const prefix = process.env.MONGO_DB_PREFIX ?? 'bbs_';
  const known = Object.values(PROJECTIONS)
    .flat()
    .map((p) => p.name);
  const unknown = [...wanted].filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown projection(s): ${unknown.join(', ')}; known: ${known.join(', ')}`);
    process.exit(2);
  }
  const client = await new MongoClient(url).connect();
  try {
    // A projection may read another context's events (moderation keeps member profiles), so every
    // context's store is offered; the rebuild takes the commits of the projection's topics only.
    const stores = Object.keys(PROJECTIONS).map((context) => new EventStore(context, client.db(`${prefix}${context}`)));
    for (const [context, projections] of Object.entries(PROJECTIONS)) {
      const db = client.db(`${prefix}${context}`);
      for (const projection of projections.filter((p) => wanted.size === 0 || wanted.has(p.name))) {
        console.log(`rebuilding ${context}/${projection.name}`);
        const result = await rebuildProjection(projection, stores, db, {
          coOwners: projections,
          onProgress: (progress) => process.stdout.write(`\r${progressLine(progress)}`),
        });
        process.stdout.write(`\r${progressLine(result)}\n  swapped in after ${result.elapsedMs} ms\n`);
      }
    }
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

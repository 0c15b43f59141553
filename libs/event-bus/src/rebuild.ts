import type { Db } from 'mongodb';
import type { EventStore } from '@forum/event-store';
import { toEnvelopes } from '@forum/event-store';
import type { ProjectionDefinition } from './projection';
import { eventTopic } from './kafka';
import { ReadModelWriter } from './read-model-writer';

export interface RebuildProgress {
  commits: number;
  events: number;
  totalCommits: number;
  elapsedMs: number;
}

export interface RebuildOptions {
  /** Swap the shadow in when built (the default); false leaves `<collection>__rebuild` for inspection. */
  swap?: boolean;
  onProgress?(progress: RebuildProgress): void;
  /**
   * The other projections writing into this database. Those sharing a collection with the rebuilt one (e.g. the
   * forum's id lists) are rebuilt with it: a shadow holding one projection's documents only, swapped in whole,
   * would drop the others'.
   */
  coOwners?: ProjectionDefinition[];
}

export const SHADOW_SUFFIX = '__rebuild';

/**
 * Rebuilds a projection from the event store: replays every commit into shadow collections, swaps them in,
 * then replays the commits written meanwhile into the live collections (idempotent writes make overlap harmless).
 * The live runner keeps going throughout; readers never see a half-built model.
 */
export async function rebuildProjection(
  projection: ProjectionDefinition,
  stores: EventStore[],
  db: Db,
  options: RebuildOptions = {},
): Promise<RebuildProgress> {
  const startedAt = new Date();
  const shadow = (collection: string) => `${collection}${SHADOW_SUFFIX}`;
  const group = coOwnedGroup(projection, options.coOwners ?? []);
  const collections = [...new Set(group.flatMap((member) => member.collections))];
  for (const collection of collections) {
    if (await exists(db, shadow(collection))) await db.collection(shadow(collection)).drop();
  }
  for (const member of group) await member.createIndexes?.(db, shadow);
  const totalCommits = (await Promise.all(stores.map((store) => store.countCommits()))).reduce((a, b) => a + b, 0);
  const progress: RebuildProgress = { commits: 0, events: 0, totalCommits, elapsedMs: 0 };
  for (const store of stores) {
    for await (const commits of store.readAll()) {
      const writer = new ReadModelWriter(db, shadow);
      for (const commit of commits) {
        const topic = eventTopic(store.context, commit.streamId);
        const members = group.filter((member) => member.topics.includes(topic));
        if (members.length === 0) continue;
        for (const event of toEnvelopes(commit)) {
          for (const member of members) await member.apply(event, writer);
          progress.events++;
        }
      }
      await writer.flush();
      progress.commits += commits.length;
      progress.elapsedMs = Date.now() - startedAt.getTime();
      options.onProgress?.({ ...progress });
    }
  }
  if (options.swap === false) return progress;
  for (const collection of collections) {
    const built = db.collection(shadow(collection));
    if (!(await exists(db, shadow(collection)))) await db.createCollection(shadow(collection));
    await built.rename(collection, { dropTarget: true });
  }
  for (const member of group) await catchUp(member, stores, db, new Date(startedAt.getTime() - 1000));
  progress.elapsedMs = Date.now() - startedAt.getTime();
  return progress;
}

/** The projection and every co-owner sharing a collection with it, directly or through another co-owner. */
function coOwnedGroup(projection: ProjectionDefinition, others: ProjectionDefinition[]): ProjectionDefinition[] {
  const group = [projection];
  const collections = new Set(projection.collections);
  for (let grown = true; grown;) {
    grown = false;
    for (const other of others) {
      if (group.some((member) => member.name === other.name)) continue;
      if (!other.collections.some((collection) => collections.has(collection))) continue;
      group.push(other);
      other.collections.forEach((collection) => collections.add(collection));
      grown = true;
    }
  }
  return group;
}

async function catchUp(projection: ProjectionDefinition, stores: EventStore[], db: Db, since: Date): Promise<void> {
  const writer = new ReadModelWriter(db);
  for (const store of stores) {
    const recent = await store.commits
      .find({ committedAt: { $gte: since } })
      .sort({ _id: 1 })
      .toArray();
    for (const commit of recent) for (const event of toEnvelopes(commit)) await projection.apply(event, writer);
  }
  await writer.flush();
}

/** Filters by name here: the MongoDB stand-in ignores a `listCollections` filter. */
async function exists(db: Db, collection: string): Promise<boolean> {
  return (await db.listCollections({}, { nameOnly: true }).toArray()).some((c) => c.name === collection);
}

/** A one-line progress bar for terminals (redrawn) and logs (every tenth). */
export function progressLine(progress: RebuildProgress, width = 30): string {
  const ratio = progress.totalCommits === 0 ? 1 : Math.min(1, progress.commits / progress.totalCommits);
  const filled = Math.round(ratio * width);
  const rate = progress.elapsedMs > 0 ? Math.round((progress.events * 1000) / progress.elapsedMs) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}% ${progress.commits}/${progress.totalCommits} commits, ${progress.events} events, ${rate} events/s`;
}

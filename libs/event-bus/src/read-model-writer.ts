import type { AnyBulkWriteOperation, Collection, Db, Document, UpdateFilter } from 'mongodb';

/** Read-model documents are keyed by a string `_id`. */
export interface ReadModelDocument extends Document {
  _id: string;
}
import type { EventEnvelope } from '@forum/contracts';

const DUPLICATE_KEY = 11000;

/**
 * Collects a batch's read-model writes and runs them as one ordered bulk write per collection.
 * Every write is idempotent, so redelivery and replay change nothing:
 * - `upsertVersioned` guards a document owned by one stream with the last applied stream version;
 * - `updateOnce` remembers the last version applied from each source stream, for counters fed by many streams.
 * A guard that refuses makes the upsert collide on `_id` (E11000): that write is skipped.
 */
export class ReadModelWriter {
  private readonly operations = new Map<string, AnyBulkWriteOperation<ReadModelDocument>[]>();

  constructor(
    private readonly db: Db,
    private readonly physicalName: (collection: string) => string = (collection) => collection,
  ) {}

  /** Applies `update` to the document of `event`'s stream unless it has seen this stream version already. */
  upsertVersioned(collection: string, id: string, event: EventEnvelope, update: UpdateFilter<ReadModelDocument>): void {
    const set = { ...(update.$set ?? {}), _version: event.version };
    this.add(collection, {
      updateOne: {
        filter: { _id: id, $or: [{ _version: { $lt: event.version } }, { _version: { $exists: false } }] },
        update: { ...update, $set: set },
        upsert: true,
      },
    });
  }

  /**
   * Applies `update` to a document fed by many streams (counters), once per source stream version: the
   * document remembers the last version applied from each source stream under `_src`. Exact under any
   * redelivery or republish, at the cost of one small entry per source stream — keep such documents per
   * entity (a topic's counters), not global.
   */
  updateOnce(
    collection: string,
    id: string,
    event: EventEnvelope,
    update: UpdateFilter<ReadModelDocument>,
    options: { upsert?: boolean } = {},
  ): void {
    const seen = `_src.${event.streamId}`;
    this.add(collection, {
      updateOne: {
        filter: { _id: id, $or: [{ [seen]: { $lt: event.version } }, { [seen]: { $exists: false } }] },
        update: { ...update, $set: { ...(update.$set ?? {}), [seen]: event.version } },
        upsert: options.upsert ?? false,
      },
    });
  }

  delete(collection: string, id: string): void {
    this.add(collection, { deleteOne: { filter: { _id: id } } });
  }

  get size(): number {
    let size = 0;
    for (const operations of this.operations.values()) size += operations.length;
    return size;
  }

  async flush(): Promise<void> {
    const work = [...this.operations];
    this.operations.clear();
    await Promise.all(work.map(([collection, operations]) => this.write(this.physicalName(collection), operations)));
  }

  private add(collection: string, operation: AnyBulkWriteOperation<ReadModelDocument>): void {
    const operations = this.operations.get(collection) ?? [];
    operations.push(operation);
    this.operations.set(collection, operations);
  }

  /**
   * Ordered, so a stream's updates land in order. A duplicate-key error means a guard refused (already
   * applied) or two writers raced to create the document: every operation here is idempotent, so the batch is
   * replayed one operation at a time, and a refused upsert is retried as a plain update (which applies if the
   * guard lets it, and does nothing otherwise). No reliance on the server's error index.
   */
  private async write(collection: string, operations: AnyBulkWriteOperation<ReadModelDocument>[]): Promise<void> {
    const target = this.db.collection<ReadModelDocument>(collection);
    try {
      await target.bulkWrite(operations, { ordered: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      for (const operation of operations) await this.writeOne(target, operation);
    }
  }

  private async writeOne(
    target: Collection<ReadModelDocument>,
    operation: AnyBulkWriteOperation<ReadModelDocument>,
  ): Promise<void> {
    try {
      await target.bulkWrite([operation]);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      if ('updateOne' in operation && operation.updateOne.upsert) {
        await target.bulkWrite([{ updateOne: { ...operation.updateOne, upsert: false } }]);
      }
    }
  }
}

function isDuplicateKey(error: unknown): boolean {
  const { code, writeErrors } = error as { code?: number; writeErrors?: { code: number }[] | { code: number } };
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return code === DUPLICATE_KEY || list.some((writeError) => writeError.code === DUPLICATE_KEY);
}

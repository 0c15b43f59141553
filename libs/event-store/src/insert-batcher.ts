import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb';

const DUPLICATE_KEY = 11000;

export class DuplicateKeyError extends Error {
  constructor(readonly index: string) {
    super(`duplicate key on ${index}`);
    this.name = 'DuplicateKeyError';
  }
}

interface Waiting<T> {
  document: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit: inserts requested in the same tick go to MongoDB as one unordered `insertMany`, and each
 * caller learns its own outcome (a duplicate key fails only the document that collided). One round trip
 * for many appends is what lets many writers on different streams share the connection.
 */
export class InsertBatcher<T extends Document> {
  private queue: Waiting<T>[] = [];
  private scheduled = false;

  constructor(
    private readonly collection: Collection<T>,
    private readonly maxBatch = 500,
  ) {}

  insert(document: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ document, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        await this.collection.insertMany(
          batch.map((w) => w.document as OptionalUnlessRequiredId<T>),
          { ordered: false },
        );
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        const failed = new Map<number, unknown>();
        for (const writeError of writeErrorsOf(error)) {
          failed.set(
            writeError.index,
            writeError.code === DUPLICATE_KEY ? new DuplicateKeyError(indexName(writeError.errmsg)) : error,
          );
        }
        // Without per-document errors the whole request failed (connection lost): nothing is known to be written.
        batch.forEach((waiting, index) => {
          if (failed.size === 0) waiting.reject(error);
          else if (failed.has(index)) waiting.reject(failed.get(index));
          else waiting.resolve();
        });
      }
    }
  }
}

function writeErrorsOf(error: unknown): { index: number; code: number; errmsg?: string }[] {
  const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
  if (Array.isArray(writeErrors)) return writeErrors as { index: number; code: number; errmsg?: string }[];
  return writeErrors ? [writeErrors as { index: number; code: number; errmsg?: string }] : [];
}

/** `E11000 duplicate key error collection: db.commits index: idempotency_key dup key: …` → `idempotency_key`. */
function indexName(message: string | undefined): string {
  return /index: (\S+) dup key/.exec(message ?? '')?.[1] ?? 'unknown';
}

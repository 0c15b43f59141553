import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import type { ReadModelWriter } from './read-model-writer';

/**
 * A read model: the Kafka topics it reads, the collections it owns and how one event changes them.
 * Plain data and functions, so the live runner and the rebuild command use the very same code.
 */
export interface ProjectionDefinition {
  /** `topic-list`: with the service and version it names its checkpoints, `<service>.<name>.v<version>`. */
  name: string;
  /** Raise it to replay from the beginning into fresh state (its context's projections get a new group, ADR 36). */
  version: number;
  /** Logical topics (`forum.topic`). */
  topics: string[];
  collections: string[];
  apply(event: EventEnvelope, writer: ReadModelWriter): void | Promise<void>;
  /** Creates the indexes the queries need, on the collections named by `physical` (live or shadow). */
  createIndexes?(db: Db, physical: (collection: string) => string): Promise<void>;
}

/** Something reacting to events by issuing commands (process managers). */
export interface ReactorDefinition {
  name: string;
  version: number;
  topics: string[];
  handle(event: EventEnvelope): Promise<void>;
  /**
   * How wide to go: by default one partition and one event at a time, in stream order. A reactor whose effects do
   * not depend on order (each event handled idempotently on its own) may take several of each at once.
   */
  parallelism?: { partitions: number; events: number };
}

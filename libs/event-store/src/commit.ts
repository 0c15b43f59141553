import type { Actor, EventEnvelope, RequestIdentity } from '@forum/contracts';

/** One append: the events it added to one stream, and whether the outbox relay has published them. */
export interface CommitDocument {
  /** `<streamId>|<first version, zero-padded>`: sorts a stream's commits in order and keys them by `_id`. */
  _id: string;
  streamId: string;
  events: StoredEvent[];
  /** The command's idempotency key, or the commit id itself so the unique index never sees two nulls. */
  idem: string;
  /** The client request (scoped `Idempotency-Key` + fingerprint) that made this commit, when it sent a key. */
  request?: RequestIdentity;
  committedAt: Date;
  dispatched: boolean;
}

export interface StoredEvent {
  id: string;
  type: string;
  version: number;
  schemaVersion: number;
  occurredAt: string;
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  data: unknown;
}

const VERSION_WIDTH = 10;

export function commitId(streamId: string, firstVersion: number): string {
  return `${streamId}|${String(firstVersion).padStart(VERSION_WIDTH, '0')}`;
}

export function toEnvelopes(commit: Pick<CommitDocument, 'streamId' | 'events'>): EventEnvelope[] {
  return commit.events.map((event) => ({
    id: event.id,
    type: event.type,
    streamId: commit.streamId,
    version: event.version,
    occurredAt: event.occurredAt,
    schemaVersion: event.schemaVersion,
    correlationId: event.correlationId,
    causationId: event.causationId,
    actor: event.actor,
    data: event.data,
  }));
}

/** Who caused an event: a member, a staff account, the system itself (reactors, jobs) or a visitor. */
export interface Actor {
  kind: 'member' | 'staff' | 'system' | 'visitor';
  id: string | null;
  ip?: string;
}

/** What every command carries besides its payload. Time comes in here: deciders never read a clock. */
export interface CommandMetadata {
  actor: Actor;
  now: Date;
  correlationId: string;
  causationId?: string | null;
  /** Replaying a command with the same key returns the first outcome and appends nothing. */
  idempotencyKey?: string;
  /**
   * The client's request behind this command when it sent an `Idempotency-Key`: the scoped key and a fingerprint
   * of the request (method, path, query, canonical body). Stored with every commit the request makes, so a later
   * request reusing the key for something else is refused (`common.idempotency_key_reused`) instead of being
   * answered with the first request's outcome.
   */
  request?: RequestIdentity;
}

export interface RequestIdentity {
  idempotencyKey: string;
  fingerprint: string;
}

/** A stored, published fact. Money inside `data` is always integer fen. */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  streamId: string;
  /** 1-based position of the event in its stream. */
  version: number;
  occurredAt: string;
  schemaVersion: number;
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  data: TData;
}

/** An event as a decider produces it, before the store gives it a stream position. */
export interface NewEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * The metadata for one step of a command that appends to several streams: each step gets its own
 * idempotency key (`<key>:<step>`), so a replayed command replays every step instead of stopping at the first.
 */
export function stepMeta(meta: CommandMetadata, step: string): CommandMetadata {
  return meta.idempotencyKey ? { ...meta, idempotencyKey: `${meta.idempotencyKey}:${step}` } : meta;
}

/** Who caused an event: a member, a staff account, the system itself (reactors, jobs) or a visitor. */
export interface Actor {
  kind: 'member' | 'staff' | 'system' | 'visitor';
  id: string | null;
  ip?: string;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null };

/** What every command carries besides its payload. Time comes in here: deciders never read a clock. */
export interface CommandMetadata {
  actor: Actor;
  now: Date;
  correlationId: string;
  causationId?: string | null;
  /** Replaying a command with the same key returns the first outcome and appends nothing. */
  idempotencyKey?: string;
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

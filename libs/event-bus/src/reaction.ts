import type { CommandMetadata, EventEnvelope } from '@forum/contracts';

/**
 * The metadata of a command a reactor issues for one source event. The idempotency key is the reactor's name
 * and the source event's id, so a redelivered event, a replayed batch or a second issuer of the same reaction
 * (a command handler reacting inline for read-your-writes, then the reactor catching up) appends once: the
 * event store answers the repeat with the first outcome. `step` separates several commands for one event.
 */
export function reactionMeta(reactor: string, source: EventEnvelope, step?: string): CommandMetadata {
  return {
    actor: { kind: 'system', id: null },
    now: new Date(source.occurredAt),
    correlationId: source.correlationId,
    causationId: source.id,
    idempotencyKey: `${reactor}:${source.id}${step ? `:${step}` : ''}`,
  };
}

import { eventContract, registeredEventTypes, streamCategory } from '@forum/contracts';
import type { AuditLogRow, EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const STAFF_AUDIT = 'staff_audit_log';
export const STAFF_AUDIT_PROJECTION = 'moderation-staff-audit';

/**
 * One staff action: an event a staff account caused, in any context. `_id` = `<occurredAt>|<eventId>`, so the
 * log reads newest first and a time range is an `_id` range (the only fast filter on the Mongo-wire stand-in).
 * Stored as the public row (libs/contracts) less what the reader adds: the row's `id` (here `_id`), the actor's name.
 */
export type StaffAuditDocument = Omit<AuditLogRow, 'id' | 'actorName'> & { _id: string };

/** Not actions: a staff session renewing its token every few minutes. */
const NOT_ACTIONS = new Set(['TokenRenewed']);

/** Every topic any contract publishes on (`<context>.<aggregate>`): the audit log listens to all of them. */
export function allEventTopics(): string[] {
  const topics = new Set<string>();
  for (const type of registeredEventTypes()) {
    const contract = eventContract(type);
    if (contract) topics.add(`${contract.context}.${contract.aggregate}`);
  }
  return [...topics].sort();
}

/**
 * Before and after, where the event carries them: `SettingsChanged` (`previous` / `changes`), and any payload with
 * `previousX` next to `X` (a bounty's adjustment).
 */
export function beforeAfter(
  type: string,
  data: unknown,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!data || typeof data !== 'object') return { before: null, after: null };
  const payload = data as Record<string, unknown>;
  if (type === 'SettingsChanged') {
    return {
      before: (payload.previous as Record<string, unknown>) ?? null,
      after: (payload.changes as Record<string, unknown>) ?? null,
    };
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    const match = /^previous([A-Z]\w*)$/.exec(key);
    if (!match) continue;
    const field = match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1);
    before[field] = value;
    after[field] = payload[field] ?? null;
  }
  return Object.keys(before).length > 0 ? { before, after } : { before: null, after: null };
}

export function auditId(event: Pick<EventEnvelope, 'occurredAt' | 'id'>): string {
  return `${event.occurredAt}|${event.id}`;
}

/**
 * The audit log of every staff action (docs/rules/moderation.md, audit log; ADR 0021): every event whose actor is a staff account, from
 * every context's topics. Staff commands carry the staff actor into their events (also when moderation asks
 * another context by peer command), so no context has to report its staff actions separately. One document per
 * event, written once (a redelivery finds the same version and changes nothing).
 */
export const staffAuditProjection: ProjectionDefinition = {
  name: STAFF_AUDIT_PROJECTION,
  version: 1,
  get topics() {
    return allEventTopics();
  },
  collections: [STAFF_AUDIT],
  apply(event: EventEnvelope, writer: ReadModelWriter) {
    if (event.actor?.kind !== 'staff' || !event.actor.id || NOT_ACTIONS.has(event.type)) return;
    const contract = eventContract(event.type);
    const category = streamCategory(event.streamId);
    const fields: Omit<StaffAuditDocument, '_id'> = {
      eventId: event.id,
      at: event.occurredAt,
      actorId: event.actor.id,
      ip: event.actor.ip ?? null,
      action: event.type,
      context: contract?.context ?? 'unknown',
      streamId: event.streamId,
      targetKind: category,
      targetId: event.streamId.slice(category.length + 1),
      ...beforeAfter(event.type, event.data),
      data: event.data,
      correlationId: event.correlationId,
    };
    writer.upsertVersioned(STAFF_AUDIT, auditId(event), event, { $set: fields });
  },
};

/** A row of the staff audit log (`GET /api/moderation/staff/audit-log`): one staff action, newest first. */
export interface AuditLogRow {
  id: string;
  eventId: string;
  at: string;
  actorId: string;
  /** The staff member's nickname, or account when they have none; null for the moderation system. */
  actorName: string | null;
  ip: string | null;
  /** The event type: what was done (`TopicPinned`, `SettingsChanged`, `Recharged`…). */
  action: string;
  context: string;
  streamId: string;
  /** What it was done to: the stream's category and id (`topic` / `01H…`). */
  targetKind: string;
  targetId: string;
  /** The fields the event says were there before, and what they became (only when the event carries both). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The event's whole payload. */
  data: unknown;
  correlationId: string;
}

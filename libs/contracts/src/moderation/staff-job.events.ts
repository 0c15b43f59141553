import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * An operations job a staff member ran from the console (ADR 0021): rebuilding read models or auditing the
 * ledgers. Stream `staffJob-<jobId>`. Recorded so that the audit log shows who ran it and what it found.
 */
const STAFF_JOB = { context: 'moderation', aggregate: 'staffJob' } as const;

export const staffJobKinds = ['rebuild', 'ledgerAudit'] as const;
export type StaffJobKind = (typeof staffJobKinds)[number];

export const StaffJobStarted = defineEvent({
  ...STAFF_JOB,
  type: 'StaffJobStarted',
  schema: z.object({
    jobId: z.string(),
    kind: z.enum(staffJobKinds),
    /** The projections to rebuild (empty for the ledger audit). */
    projections: z.array(z.string()),
  }),
});

export const StaffJobFinished = defineEvent({
  ...STAFF_JOB,
  type: 'StaffJobFinished',
  schema: z.object({
    jobId: z.string(),
    kind: z.enum(staffJobKinds),
    ok: z.boolean(),
    /** A one-line outcome: events replayed, or differences found, or the error. */
    summary: z.string(),
  }),
});

export type StaffJobEvent = EventOf<typeof StaffJobStarted> | EventOf<typeof StaffJobFinished>;

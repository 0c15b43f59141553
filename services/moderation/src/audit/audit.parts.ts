import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { AuditLogController, AuditLogReader } from './audit-log';
import { EventLogController, EventLogReader } from './event-log';
import { staffAuditProjection } from './staff-audit.projection';
import { StartLedgerAuditHandler, StartRebuildHandler } from './staff-job.commands';
import { StaffJobs } from './staff-jobs';
import { StaffJobsController } from './staff-jobs.controller';

/** The staff's audit view (ADR 0021): the audit log, the event-log browser, rebuild and ledger-audit jobs. */
export const AUDIT_PROJECTIONS: ProjectionDefinition[] = [staffAuditProjection];
export const AUDIT_CONTROLLERS: Type[] = [AuditLogController, EventLogController, StaffJobsController];
export const AUDIT_PROVIDERS: Provider[] = [
  AuditLogReader,
  EventLogReader,
  StaffJobs,
  StartRebuildHandler,
  StartLedgerAuditHandler,
];

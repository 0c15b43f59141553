import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { ContentActions } from './content-actions';
import {
  ChangeReportTypeHandler,
  CreateReportTypeHandler,
  FileReportHandler,
  RemoveReportHandler,
  RemoveReportTypeHandler,
  ReportCommands,
  ResolveReportHandler,
} from './report.commands';
import { reportableContentProjection, reportsProjection } from './report.projections';
import { ReportReader } from './report.reader';
import { ReportQuota } from './report-quota';
import { ReportTypes } from './report-types';
import { ReportsController, StaffReportsController } from './reports.controller';

/** The reports part of the moderation context (docs/rules/moderation.md, reports, ADR 0020). */
export const REPORT_PROJECTIONS: ProjectionDefinition[] = [reportableContentProjection, reportsProjection];
export const REPORT_CONTROLLERS: Type[] = [ReportsController, StaffReportsController];
export const REPORT_PROVIDERS: Provider[] = [
  ReportCommands,
  ReportReader,
  ReportTypes,
  ReportQuota,
  ContentActions,
  FileReportHandler,
  ResolveReportHandler,
  RemoveReportHandler,
  CreateReportTypeHandler,
  ChangeReportTypeHandler,
  RemoveReportTypeHandler,
];

import type { Identifier, RaRecord } from 'react-admin';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';
import type { ResourceConfig } from '../../providers/rest-resource';

export type ReportOutcome = 'successful' | 'failed';

export interface ResolveReportInput {
  outcome: ReportOutcome;
  /** Shown to the member who reported. */
  result: string;
  /** Internal note for other staff. */
  remark?: string;
  /** A successful complaint may delete the reported content in the same action. */
  contentAction?: 'none' | 'delete';
}

/** Moderation's part of every console provider: deciding a report. */
export interface ReportVerbs {
  resolveReport(reportId: Identifier, input: ResolveReportInput, options?: CommandOptions): Promise<{ data: unknown }>;
}

export function reportVerbs({ command }: ProviderContext): ReportVerbs {
  return {
    resolveReport: (reportId, input, options) =>
      command(`moderation/staff/reports/${segment(reportId)}/resolve`, input, options),
  };
}

/** `GET /api/moderation/staff/reports?page&pageSize&status&kind`: the report queue, newest first. */
export const reportsApi: ResourceConfig = {
  path: 'moderation/staff/reports',
  idField: 'id',
  queryFilters: ['status', 'kind'],
};

/** The report types tree, read whole and flattened by the server (`depth`, `leaf`); bodies are strict. */
export const reportTypesApi: ResourceConfig = {
  path: 'moderation/staff/report-types',
  idField: 'id',
  oneFromList: true,
  createFields: ['name', 'parentId', 'sort', 'reasonRequired'],
  updateFields: ['name', 'parentId', 'sort', 'reasonRequired'],
};

export const helpCategoriesApi: ResourceConfig = {
  path: 'moderation/staff/help/categories',
  idField: 'id',
  oneFromList: true,
  createFields: ['name', 'sort'],
  updateFields: ['name', 'sort'],
};

export const helpArticlesApi: ResourceConfig = {
  path: 'moderation/staff/help/articles',
  idField: 'id',
  queryFilters: ['categoryId', 'q'],
  createFields: ['categoryId', 'title', 'content', 'sort'],
  updateFields: ['categoryId', 'title', 'content', 'sort'],
};

/** Online messages, newest first; staff delete them once handled. */
export const feedbackApi: ResourceConfig = { path: 'moderation/staff/feedback', idField: 'id', pagingOnly: true };

/** Daily page views (`?days=`), for the dashboard's chart. */
export const visitsApi: ResourceConfig = {
  path: 'moderation/staff/statistics/visits',
  idField: 'day',
  pagingOnly: true,
};

export const REPORT_KINDS = ['topic', 'comment', 'reply', 'question', 'answer', 'answerReply'] as const;
/** The nine status codes (docs/rules/moderation.md, reports). */
export const REPORT_STATUSES = [10, 40, 50, 1010, 1040, 1050, 100010, 100040, 100050] as const;

export interface ReportRow extends RaRecord {
  id: string;
  status: number;
  typeName: string;
  reason: string;
  imageUrls: string[];
  filedAt: string;
  result: string | null;
  remark: string | null;
  resolvedAt: string | null;
  reporter: { id: string; nickname: string | null; account: string | null };
  content: { kind: string; contentId: string; topicId: string | null; excerpt: string | null; deleted: boolean };
}

export interface ReportTypeRow extends RaRecord {
  id: string;
  name: string;
  parentId: string | null;
  sort: number;
  reasonRequired: boolean;
  depth: number;
  leaf: boolean;
}

import type { ReportContentAction, ReportEvent, ReportKind, ReportOutcome } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/**
 * One report's life (docs/rules/moderation.md, reports): pending (10) until staff resolve it once, as complaint failed (40) or complaint
 * successful (50); either side may delete it at any point, which marks the status (+1000 by the reporter, +100000
 * by staff) and ends it: a deleted report is never resolved.
 */
export interface ReportState {
  filed: boolean;
  reporterId: string | null;
  kind: ReportKind | null;
  contentId: string | null;
  outcome: ReportOutcome | null;
  deletedBy: 'reporter' | 'staff' | null;
}

export interface FileReport {
  type: 'FileReport';
  reportId: string;
  reporterId: string;
  kind: ReportKind;
  contentId: string;
  typeId: string;
  typeName: string;
  reason: string;
  imageUrls: string[];
  now: Date;
}

export interface ResolveReport {
  type: 'ResolveReport';
  reportId: string;
  outcome: ReportOutcome;
  /** Shown to the reporter. */
  result: string;
  /** Internal: staff only. */
  remark: string;
  contentAction: ReportContentAction;
  by: string;
  now: Date;
}

export interface DeleteReport {
  type: 'DeleteReport';
  reportId: string;
  by: string;
  byStaff: boolean;
  now: Date;
}

export type ReportCommand = FileReport | ResolveReport | DeleteReport;

function live(state: ReportState): ReportState & { reporterId: string; kind: ReportKind; contentId: string } {
  if (!state.filed) throw new DomainError('moderation.report_not_found');
  if (state.deletedBy) throw new DomainError('moderation.report_deleted');
  return state as ReturnType<typeof live>;
}

function resolve(command: ResolveReport, state: ReportState): ReportEvent[] {
  const report = live(state);
  if (report.outcome) throw new DomainError('moderation.report_not_pending');
  // Only a successful complaint acts on the content.
  if (command.outcome === 'failed' && command.contentAction !== 'none') {
    throw new DomainError('common.validation_failed', {}, [
      { field: 'contentAction', code: 'validation.invalid', message: '' },
    ]);
  }
  const { reportId, outcome, contentAction, by, now } = command;
  return [
    {
      type: 'ReportResolved',
      data: {
        reportId,
        reporterId: report.reporterId,
        kind: report.kind,
        contentId: report.contentId,
        outcome,
        result: command.result.trim(),
        remark: command.remark.trim(),
        contentAction,
        by,
        resolvedAt: now.toISOString(),
      },
    },
  ];
}

function remove(command: DeleteReport, state: ReportState): ReportEvent[] {
  // Another member's report does not exist for this member.
  if (state.filed && !command.byStaff && command.by !== state.reporterId) {
    throw new DomainError('moderation.report_not_found');
  }
  const report = live(state);
  const { reportId, by, byStaff, now } = command;
  return [
    {
      type: 'ReportDeleted',
      data: { reportId, reporterId: report.reporterId, by, byStaff, deletedAt: now.toISOString() },
    },
  ];
}

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent> = {
  name: 'report',
  initialState: () => ({ filed: false, reporterId: null, kind: null, contentId: null, outcome: null, deletedBy: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ReportFiled': {
        const { reporterId, kind, contentId } = event.data;
        return { ...state, filed: true, reporterId, kind, contentId };
      }
      case 'ReportResolved':
        return { ...state, outcome: event.data.outcome };
      case 'ReportDeleted':
        return { ...state, deletedBy: event.data.byStaff ? 'staff' : 'reporter' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'FileReport': {
        // The same report id again is a retry of the same filing: nothing new.
        if (state.filed) return [];
        const { type: _type, now, reason, ...fields } = command;
        return [{ type: 'ReportFiled', data: { ...fields, reason: reason.trim(), filedAt: now.toISOString() } }];
      }
      case 'ResolveReport':
        return resolve(command, state);
      case 'DeleteReport':
        return remove(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

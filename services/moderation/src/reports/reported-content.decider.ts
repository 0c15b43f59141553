import type { ReportedContentEvent, ReportKind } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/**
 * Reports against one piece of content since its last review (docs/rules/moderation.md, reports): one stream per item, so "one pending
 * report per member" and "hidden once N distinct members reported it" hold exactly under concurrent filings.
 */
export interface ReportedContentState {
  reporters: string[];
  hidden: boolean;
}

export interface CountReport {
  type: 'CountReport';
  kind: ReportKind;
  contentId: string;
  reporterId: string;
  reportId: string;
  /** Distinct reporters that hide the item until reviewed; 0 never hides. */
  hideAfter: number;
  now: Date;
}

export interface ReviewContent {
  type: 'ReviewContent';
  kind: ReportKind;
  contentId: string;
  /** Staff deleted the content while resolving: a hidden item then stays gone. */
  deleted: boolean;
  now: Date;
}

export type ReportedContentCommand = CountReport | ReviewContent;

export const reportedContentDecider: Decider<ReportedContentState, ReportedContentCommand, ReportedContentEvent> = {
  name: 'reportedContent',
  initialState: () => ({ reporters: [], hidden: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContentReportCounted':
        return { ...state, reporters: [...state.reporters, event.data.reporterId] };
      case 'ReportedContentHidden':
        return { ...state, hidden: true };
      case 'ReportedContentReviewed':
        return { reporters: [], hidden: false };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    const { kind, contentId } = command;
    const at = command.now.toISOString();
    if (command.type === 'ReviewContent') {
      if (state.reporters.length === 0 && !state.hidden) return [];
      return [
        { type: 'ReportedContentReviewed', data: { kind, contentId, restore: state.hidden && !command.deleted, at } },
      ];
    }
    if (state.reporters.includes(command.reporterId)) throw new DomainError('moderation.already_reported');
    const events: ReportedContentEvent[] = [
      {
        type: 'ContentReportCounted',
        data: { kind, contentId, reporterId: command.reporterId, reportId: command.reportId },
      },
    ];
    const reporters = state.reporters.length + 1;
    if (!state.hidden && command.hideAfter > 0 && reporters >= command.hideAfter) {
      events.push({ type: 'ReportedContentHidden', data: { kind, contentId, reporters, at } });
    }
    return events;
  },
};

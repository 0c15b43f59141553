import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** Every content kind a member can report (docs/rules/moderation.md, reports): the forum's three and the Q&A context's three. */
export const reportKinds = ['topic', 'comment', 'reply', 'question', 'answer', 'answerReply'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** How a pending report ends (docs/rules/moderation.md, reports): complaint failed (40) or complaint successful (50). */
export const reportOutcomes = ['failed', 'successful'] as const;
export type ReportOutcome = (typeof reportOutcomes)[number];

/** What a successful complaint does to the reported content in the same action. */
export const reportContentActions = ['none', 'delete'] as const;
export type ReportContentAction = (typeof reportContentActions)[number];

/**
 * The report types (docs/rules/moderation.md, reports) are one small staff-made tree (stream `reportTypes-site`): one stream keeps its
 * rules exact (parent exists, no cycle, no deleting a type that has children).
 */
const REPORT_TYPES = { context: 'moderation', aggregate: 'reportTypes' } as const;
const reportType = z.object({
  typeId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  sort: z.number().int(),
  /** The member must write a reason when choosing this type. */
  reasonRequired: z.boolean(),
});

export const ReportTypeCreated = defineEvent({ ...REPORT_TYPES, type: 'ReportTypeCreated', schema: reportType });
export const ReportTypeChanged = defineEvent({ ...REPORT_TYPES, type: 'ReportTypeChanged', schema: reportType });
export const ReportTypeDeleted = defineEvent({
  ...REPORT_TYPES,
  type: 'ReportTypeDeleted',
  schema: z.object({ typeId: z.string() }),
});

export type ReportTypeEvent =
  EventOf<typeof ReportTypeCreated> | EventOf<typeof ReportTypeChanged> | EventOf<typeof ReportTypeDeleted>;

/** One report (stream `report-<reportId>`): filed by a member, resolved once by staff, deleted by either side. */
const REPORT = { context: 'moderation', aggregate: 'report' } as const;

export const ReportFiled = defineEvent({
  ...REPORT,
  type: 'ReportFiled',
  schema: z.object({
    reportId: z.string(),
    reporterId: z.string(),
    kind: z.enum(reportKinds),
    contentId: z.string(),
    typeId: z.string(),
    /** The type's name when filed: the member's list keeps it even if staff rename or delete the type. */
    typeName: z.string(),
    reason: z.string(),
    imageUrls: z.array(z.string()),
    filedAt: z.string(),
  }),
});

/** Staff decided: `result` is shown to the reporter, `remark` stays internal. */
export const ReportResolved = defineEvent({
  ...REPORT,
  type: 'ReportResolved',
  schema: z.object({
    reportId: z.string(),
    reporterId: z.string(),
    kind: z.enum(reportKinds),
    contentId: z.string(),
    outcome: z.enum(reportOutcomes),
    result: z.string(),
    remark: z.string(),
    contentAction: z.enum(reportContentActions),
    by: z.string(),
    resolvedAt: z.string(),
  }),
});

/** The report leaves the reporter's list (by the reporter) or the queue (by staff); its status keeps the mark. */
export const ReportDeleted = defineEvent({
  ...REPORT,
  type: 'ReportDeleted',
  schema: z.object({
    reportId: z.string(),
    reporterId: z.string(),
    by: z.string(),
    byStaff: z.boolean(),
    deletedAt: z.string(),
  }),
});

export type ReportEvent = EventOf<typeof ReportFiled> | EventOf<typeof ReportResolved> | EventOf<typeof ReportDeleted>;

/**
 * Reports against one piece of content (stream `reportedContent-<kind>-<contentId>`): the distinct members who
 * reported it since its last review, so the auto-hide threshold and "one pending report per member" are exact.
 */
const REPORTED_CONTENT = { context: 'moderation', aggregate: 'reportedContent' } as const;

export const ContentReportCounted = defineEvent({
  ...REPORTED_CONTENT,
  type: 'ContentReportCounted',
  schema: z.object({ kind: z.enum(reportKinds), contentId: z.string(), reporterId: z.string(), reportId: z.string() }),
});

/** N distinct members reported it: hidden (soft-deleted by the moderation system) until staff review it. */
export const ReportedContentHidden = defineEvent({
  ...REPORTED_CONTENT,
  type: 'ReportedContentHidden',
  schema: z.object({ kind: z.enum(reportKinds), contentId: z.string(), reporters: z.number().int(), at: z.string() }),
});

/** Staff resolved a report on it: the count starts again; `restore` when it was hidden and staff did not delete it. */
export const ReportedContentReviewed = defineEvent({
  ...REPORTED_CONTENT,
  type: 'ReportedContentReviewed',
  schema: z.object({ kind: z.enum(reportKinds), contentId: z.string(), restore: z.boolean(), at: z.string() }),
});

export type ReportedContentEvent =
  | EventOf<typeof ContentReportCounted>
  | EventOf<typeof ReportedContentHidden>
  | EventOf<typeof ReportedContentReviewed>;

/** The nine status codes of the member's report list (docs/rules/moderation.md, reports): base × deletion mark. */
export function reportStatusCode(
  outcome: ReportOutcome | null,
  deletedBy: 'reporter' | 'staff' | null,
): 10 | 40 | 50 | 1010 | 1040 | 1050 | 100010 | 100040 | 100050 {
  const base = outcome === null ? 10 : outcome === 'failed' ? 40 : 50;
  const mark = deletedBy === 'reporter' ? 1000 : deletedBy === 'staff' ? 100_000 : 0;
  return (base + mark) as ReturnType<typeof reportStatusCode>;
}

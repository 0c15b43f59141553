import { z } from 'zod';
import { reportContentActions, reportKinds, reportOutcomes } from '@forum/contracts';
import { singleLine, wholeNumber } from '@forum/platform';

export const entityId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A report type as the console lists it: the tree flattened, parents first, with the depth to indent by. */
export interface ReportTypeRow extends Omit<ReportTypeView, 'children'> {
  depth: number;
  leaf: boolean;
}

export interface ReportTypeView {
  id: string;
  name: string;
  parentId: string | null;
  sort: number;
  reasonRequired: boolean;
  children: ReportTypeView[];
}

/** A parent, or none: null, or the empty value the console's "no parent" choice sends. */
const parentId = z.union([entityId, z.literal('').transform(() => null)]).nullable();

export const createReportTypeBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(50)),
  parentId: parentId.default(null),
  sort: z.number().int().min(0).max(100_000).default(0),
  reasonRequired: z.boolean().default(false),
});
export type CreateReportTypeBody = z.infer<typeof createReportTypeBody>;

export const changeReportTypeBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(50)).optional(),
  parentId: parentId.optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  reasonRequired: z.boolean().optional(),
});
export type ChangeReportTypeBody = z.infer<typeof changeReportTypeBody>;

/** A member's report (docs/rules/moderation.md, reports); `captchaKey` + `captchaValue` once the member files many a minute. */
export const fileReportBody = z.strictObject({
  kind: z.enum(reportKinds),
  contentId: entityId,
  typeId: entityId,
  reason: z.string().max(500).default(''),
  imageUrls: z.array(z.string().max(300)).max(9).default([]),
  captchaKey: z.string().max(64).optional(),
  captchaValue: z.string().max(10).optional(),
});
export type FileReportBody = z.infer<typeof fileReportBody>;

export const resolveReportBody = z.strictObject({
  outcome: z.enum(reportOutcomes),
  result: z.string().trim().min(1).max(500),
  remark: z.string().max(500).default(''),
  contentAction: z.enum(reportContentActions).default('none'),
});
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

const page = {
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
};

export const myReportsQuery = z.strictObject(page);
export type MyReportsQuery = z.infer<typeof myReportsQuery>;

export const staffReportsQuery = z.strictObject({
  ...page,
  /** One of the nine codes; `pending` etc. are the bases with no deletion mark. */
  status: wholeNumber().optional(),
  kind: z.enum(reportKinds).optional(),
});
export type StaffReportsQuery = z.infer<typeof staffReportsQuery>;

export interface FiledReport {
  reportId: string;
  /** False when the member's list had not caught up within the read-your-writes wait. */
  visible: boolean;
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page, ReportKind } from '@forum/contracts';
import { CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { contentKey, REPORTABLE_CONTENT, REPORTS } from './report.projections';
import type { ReportableContentDocument, ReportDocument } from './report.projections';
import type { MyReportsQuery, StaffReportsQuery } from './report.schemas';

/** Where the reported item is: enough for a link and a line of context. */
export interface ReportedItem {
  kind: ReportKind;
  contentId: string;
  topicId: string | null;
  excerpt: string | null;
  deleted: boolean;
}

/** A report as its reporter sees it: never the internal remark or who handled it. */
export interface MyReportRow {
  id: string;
  status: number;
  typeName: string;
  reason: string;
  imageUrls: string[];
  filedAt: string;
  result: string | null;
  resolvedAt: string | null;
  content: ReportedItem;
}

export interface StaffReportRow extends MyReportRow {
  typeId: string;
  outcome: ReportDocument['outcome'];
  remark: string | null;
  contentAction: ReportDocument['contentAction'];
  resolvedBy: string | null;
  deletedBy: ReportDocument['deletedBy'];
  reporter: { id: string; nickname: string | null; account: string | null };
}

/** Reads the reports read model, newest first (ids are time-ordered), joined with the content facts. */
@Injectable()
export class ReportReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async mine(reporterId: string, query: MyReportsQuery): Promise<Page<MyReportRow>> {
    const { docs, total } = await this.find({ reporterId }, query);
    const items = await this.itemsOf(docs);
    return pageOf(
      docs.map((doc) => this.memberRow(doc, items)),
      query.page,
      query.pageSize,
      total,
    );
  }

  async queue(query: StaffReportsQuery): Promise<Page<StaffReportRow>> {
    const filter: Filter<ReportDocument> = {};
    if (query.status !== undefined) filter.status = query.status;
    if (query.kind) filter.kind = query.kind;
    const { docs, total } = await this.find(filter, query);
    const [items, reporters] = await Promise.all([this.itemsOf(docs), this.reportersOf(docs)]);
    const rows = docs.map((doc) => {
      const reporter = reporters.get(doc.reporterId);
      return {
        ...this.memberRow(doc, items),
        typeId: doc.typeId,
        outcome: doc.outcome,
        remark: doc.remark,
        contentAction: doc.contentAction,
        resolvedBy: doc.resolvedBy,
        deletedBy: doc.deletedBy,
        reporter: { id: doc.reporterId, nickname: reporter?.nickname ?? null, account: reporter?.account ?? null },
      };
    });
    return pageOf(rows, query.page, query.pageSize, total);
  }

  async one(reportId: string): Promise<ReportDocument | null> {
    return this.db.collection<ReportDocument>(REPORTS).findOne({ _id: reportId });
  }

  private async find(filter: Filter<ReportDocument>, query: { page: number; pageSize: number }) {
    const reports = this.db.collection<ReportDocument>(REPORTS);
    const [docs, total] = await Promise.all([
      reports
        .find(filter)
        .sort({ _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      reports.countDocuments(filter),
    ]);
    return { docs, total };
  }

  private memberRow(doc: ReportDocument, items: Map<string, ReportableContentDocument>): MyReportRow {
    const item = items.get(contentKey(doc.kind, doc.contentId));
    return {
      id: doc._id,
      status: doc.status,
      typeName: doc.typeName,
      reason: doc.reason,
      imageUrls: doc.imageUrls,
      filedAt: doc.filedAt,
      result: doc.result,
      resolvedAt: doc.resolvedAt,
      content: {
        kind: doc.kind,
        contentId: doc.contentId,
        topicId: item?.topicId ?? null,
        excerpt: item?.excerpt ?? null,
        deleted: item?.deleted ?? true,
      },
    };
  }

  private async itemsOf(docs: ReportDocument[]): Promise<Map<string, ReportableContentDocument>> {
    const ids = [...new Set(docs.map((doc) => contentKey(doc.kind, doc.contentId)))];
    const found = await this.db
      .collection<ReportableContentDocument>(REPORTABLE_CONTENT)
      .find({ _id: { $in: ids } })
      .toArray();
    return new Map(found.map((item) => [item._id, item]));
  }

  private async reportersOf(docs: ReportDocument[]): Promise<Map<string, MemberProfileDocument>> {
    const ids = [...new Set(docs.map((doc) => doc.reporterId))];
    const found = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: ids } })
      .toArray();
    return new Map(found.map((profile) => [profile._id, profile]));
  }
}

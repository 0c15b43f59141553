import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db, Filter } from 'mongodb';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { AuditLogRow, Page } from '@forum/contracts';
import { CONTEXT_DB, MEMBER_PROFILES, RequiresPermission, ValidQuery } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { isoTime, jsonParam, paging, sortParam } from './audit-query';
import { STAFF_AUDIT } from './staff-audit.projection';
import type { StaffAuditDocument } from './staff-audit.projection';

export const auditLogQuery = z.strictObject({
  ...paging,
  sort: sortParam(['at', 'action', 'actorId'], 'at:desc'),
  filter: jsonParam(
    z.strictObject({
      actorId: z.string().max(64).optional(),
      /** An event type, exactly (`TopicPinned`). */
      action: z.string().max(64).optional(),
      context: z.string().max(32).optional(),
      targetId: z.string().max(128).optional(),
      from: isoTime.optional(),
      to: isoTime.optional(),
    }),
  ).default({}),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** Reads the staff audit log with server-side filters, sorting and paging. */
@Injectable()
export class AuditLogReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async list(query: AuditLogQuery): Promise<Page<AuditLogRow>> {
    const { filter: given, sort } = query;
    const filter: Filter<StaffAuditDocument> = {};
    // The time range is an `_id` range (`<occurredAt>|<eventId>`).
    if (given.from || given.to) {
      filter._id = {
        ...(given.from ? { $gte: given.from } : {}),
        ...(given.to ? { $lte: `${given.to}|\uffff` } : {}),
      };
    }
    if (given.actorId) filter.actorId = given.actorId;
    if (given.action) filter.action = given.action;
    if (given.context) filter.context = given.context;
    if (given.targetId) filter.targetId = given.targetId;
    const direction = sort.order === 'asc' ? 1 : -1;
    const order: Record<string, 1 | -1> =
      sort.field === 'at' ? { _id: direction } : { [sort.field]: direction, _id: -1 };
    const log = this.db.collection<StaffAuditDocument>(STAFF_AUDIT);
    const [docs, total] = await Promise.all([
      log
        .find(filter)
        .sort(order)
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      log.countDocuments(filter),
    ]);
    const names = await this.namesOf([...new Set(docs.map((doc) => doc.actorId))]);
    const items = docs.map(({ _id, ...doc }) => ({ id: _id, ...doc, actorName: names.get(doc.actorId) ?? null }));
    return pageOf(items, query.page, query.pageSize, total);
  }

  private async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const profiles = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: ids } })
      .toArray();
    return new Map(profiles.map((profile) => [profile._id, profile.nickname ?? profile.account]));
  }
}

/** `GET /api/moderation/staff/audit-log`: every staff action, who did it and when (ADR 0021). */
@ApiTags('moderation')
@RequiresPermission('audit.read')
@Controller('moderation/staff')
export class AuditLogController {
  constructor(private readonly reader: AuditLogReader) {}

  @Get('audit-log')
  list(@ValidQuery(auditLogQuery) query: AuditLogQuery): Promise<Page<AuditLogRow>> {
    return this.reader.list(query);
  }
}

import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { CONTEXT_DB, RequiresPermission, ValidQuery, wholeNumber } from '@forum/platform';
import { PAGE_VISITS } from '../settings/site-info.controller';

const DAY_MS = 86_400_000;

/** The console pages lists: one page of `pageSize` days, ending today. */
const visitsQuery = z.strictObject({
  page: wholeNumber().pipe(z.literal(1)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(366)).default(30),
});

export interface DailyVisits {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  views: number;
}

/**
 * Visit statistics for the console's chart: the daily page-view aggregates `GET /statistic/add` keeps (one
 * document per day, `_id` = the day, so the range is an `_id` range), with the days nobody visited as zero.
 */
@ApiTags('moderation')
@RequiresPermission('dashboard.read')
@Controller('moderation/staff/statistics')
export class VisitStatisticsController {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  @Get('visits')
  async visits(
    @ValidQuery(visitsQuery) query: z.infer<typeof visitsQuery>,
  ): Promise<{ items: DailyVisits[]; total: number }> {
    const today = Date.now();
    const count = query.pageSize;
    const days = Array.from({ length: count }, (_, index) =>
      new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
    );
    const stored = await this.db
      .collection<{ _id: string; views?: number }>(PAGE_VISITS)
      .find({ _id: { $gte: days[0]!, $lte: days[days.length - 1]! } })
      .toArray();
    const views = new Map(stored.map((doc) => [doc._id, doc.views ?? 0]));
    return { items: days.map((day) => ({ day, views: views.get(day) ?? 0 })), total: count };
  }
}

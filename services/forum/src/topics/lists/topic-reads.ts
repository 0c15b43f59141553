import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB, ReadCounts } from '@forum/platform';

export { readPeriod } from '@forum/platform';

export const TOPIC_READS = 'topic_reads';
export const TOPIC_READ_MARKS = 'topic_read_marks';

/** Topic read counts, once per viewer per day (the shared `ReadCounts`); the hot ranker drops old marks. */
@Injectable()
export class TopicReads extends ReadCounts {
  constructor(@Inject(CONTEXT_DB) db: Db) {
    super(db, { counts: TOPIC_READS, marks: TOPIC_READ_MARKS });
  }
}

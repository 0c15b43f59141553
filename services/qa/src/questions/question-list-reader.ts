import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, Sort } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page, QuestionRow } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import { QaReadCache } from './qa-read-cache';
import type { PagingQuery, QuestionFilter, QuestionListQuery, StaffQuestionsQuery } from './question.schemas';
import { HIDDEN, QuestionRowReader } from './question-row-reader';
import { QA_QUESTIONS, QuestionDocument } from './questions.projection';

const SIMILAR_MAX = 10;

/** What the list index keeps of a live question: its filters' facts and sort keys. */
type IndexEntry = Pick<
  QuestionDocument,
  '_id' | 'askedAt' | 'lastAnswerAt' | 'resolved' | 'rewardAmount' | 'rewardPoints' | 'tagIds'
>;
const INDEX_FIELDS = {
  askedAt: 1,
  lastAnswerAt: 1,
  resolved: 1,
  rewardAmount: 1,
  rewardPoints: 1,
  tagIds: 1,
  asked: 1,
  deleted: 1,
} as const;

const newestAsked = (a: IndexEntry, b: IndexEntry) =>
  a.askedAt === b.askedAt ? (a._id < b._id ? 1 : -1) : a.askedAt < b.askedAt ? 1 : -1;
const newestAnswered = (a: IndexEntry, b: IndexEntry) =>
  a.lastAnswerAt === b.lastAnswerAt ? newestAsked(a, b) : (a.lastAnswerAt ?? '') < (b.lastAnswerAt ?? '') ? 1 : -1;

/** The six filters of `/askList` over the list index (the same rules as FILTERS below). */
const INDEX_FILTERS: Record<QuestionFilter, { keep: (q: IndexEntry) => boolean; order: typeof newestAsked }> = {
  all: { keep: () => true, order: newestAsked },
  latest: { keep: (q) => !!q.lastAnswerAt, order: newestAnswered },
  unresolved: { keep: (q) => q.resolved !== true, order: newestAsked },
  resolved: { keep: (q) => q.resolved === true, order: newestAsked },
  pointsReward: { keep: (q) => (q.rewardPoints ?? 0) > 0, order: newestAsked },
  cashReward: { keep: (q) => (q.rewardAmount ?? 0) > 0, order: newestAsked },
};

const FILTERS: Record<QuestionFilter, { where: Filter<QuestionDocument>; sort: Sort }> = {
  all: { where: {}, sort: { askedAt: -1, _id: -1 } },
  latest: { where: { lastAnswerAt: { $ne: null } }, sort: { lastAnswerAt: -1, _id: -1 } },
  unresolved: { where: { resolved: false }, sort: { askedAt: -1, _id: -1 } },
  resolved: { where: { resolved: true }, sort: { askedAt: -1, _id: -1 } },
  pointsReward: { where: { rewardPoints: { $gt: 0 } }, sort: { askedAt: -1, _id: -1 } },
  cashReward: { where: { rewardAmount: { $gt: 0 } }, sort: { askedAt: -1, _id: -1 } },
};

/** Lists of questions: `/askList` and its feed, similar questions, a member's questions, the staff console's. */
@Injectable()
export class QuestionListReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly cache: QaReadCache,
    private readonly rows: QuestionRowReader,
  ) {}

  /**
   * The six filters of `/askList` (docs/rules/qa.md), optionally within one tag. Rows are the same for every reader, so
   * the page is cached whole, as its JSON bytes (serializing was a large part of a cached request, as in the
   * forum's lists); a page is one `$in` of question documents by `_id` over the list index (ADR 0017).
   */
  listResponse(query: QuestionListQuery): Promise<Buffer> {
    const { filter, tagId, page, pageSize } = query;
    return this.cache.get(`page|${filter}|${tagId ?? ''}|${page}|${pageSize}`, async () => {
      const ids = await this.listIds(filter, tagId);
      const slice = ids.slice((page - 1) * pageSize, page * pageSize);
      const docs = slice.length
        ? await this.db
            .collection<QuestionDocument>(QA_QUESTIONS)
            .find({ _id: { $in: slice } }, { projection: { ...HIDDEN, content: 0, answerIds: 0 } })
            .toArray()
        : [];
      const byId = new Map(docs.map((doc) => [doc._id, doc]));
      const ordered = slice.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      return Buffer.from(JSON.stringify(pageOf(await this.rows.rows(ordered), page, pageSize, ids.length)));
    });
  }

  /** The ids of one filter's questions in order (within a tag if given), from the cached list index. */
  private listIds(filter: QuestionFilter, tagId: string | undefined): Promise<string[]> {
    return this.cache.get(
      `ids|${filter}|${tagId ?? ''}`,
      async () => {
        const { keep, order } = INDEX_FILTERS[filter];
        const index = await this.listIndex();
        return index
          .filter((q) => keep(q) && (!tagId || (q.tagIds ?? []).includes(tagId)))
          .sort(order)
          .map((q) => q._id);
      },
      'projection',
    );
  }

  /**
   * Every live question's filter facts and sort keys: one read of the small fields of the collection, shared
   * by every filter and tag until the `qa-questions` projection moves, here or in another replica (QaReadCache).
   */
  private listIndex(): Promise<IndexEntry[]> {
    return this.cache.get(
      'index',
      async () => {
        const docs = await this.db
          .collection<QuestionDocument>(QA_QUESTIONS)
          .find({}, { projection: INDEX_FIELDS })
          .toArray();
        return docs.filter((doc) => doc.asked && !doc.deleted);
      },
      'projection',
    );
  }

  /** Other live questions sharing a tag with this one, newest first: from the list index, then by `_id`. */
  async similar(questionId: string): Promise<QuestionRow[]> {
    const index = await this.listIndex();
    const tagIds = index.find((q) => q._id === questionId)?.tagIds ?? [];
    if (tagIds.length === 0) return [];
    const ids = index
      .filter((q) => q._id !== questionId && (q.tagIds ?? []).some((tagId) => tagIds.includes(tagId)))
      .sort(newestAsked)
      .slice(0, SIMILAR_MAX)
      .map((q) => q._id);
    if (ids.length === 0) return [];
    const docs = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .find({ _id: { $in: ids } }, { projection: { ...HIDDEN, content: 0, answerIds: 0 } })
      .toArray();
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return this.rows.rows(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  }

  staffList(query: StaffQuestionsQuery): Promise<Page<QuestionRow>> {
    const { where, sort } = FILTERS[query.filter];
    const deleted = query.deleted === undefined ? {} : { deleted: query.deleted === 'true' };
    return this.rows.page({ asked: true, ...where, ...deleted }, sort, query);
  }

  myQuestions(memberId: string, paging: PagingQuery): Promise<Page<QuestionRow>> {
    return this.rows.page({ asked: true, deleted: false, askerId: memberId }, { askedAt: -1, _id: -1 }, paging);
  }
}

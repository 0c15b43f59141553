import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, Sort } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Actor, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  authorViewOf,
  CONTEXT_DB,
  MEMBER_PROFILES,
  PermissionChecker,
  ReadCounts,
  readPeriod,
  withoutHiddenBlocks,
} from '@forum/platform';
import type { AuthorView, MemberProfileDocument } from '@forum/platform';
import { QuestionTags } from '../tags/question-tags';
import { QaReadCache } from './qa-read-cache';
import type { PagingQuery, QuestionFilter, QuestionListQuery, StaffQuestionsQuery } from './question.schemas';
import {
  AnswerDocument,
  AnswerLikeDocument,
  AnswerReplyDocument,
  QA_ANSWER_LIKES,
  QA_ANSWER_REPLIES,
  QA_ANSWERS,
  QA_MARKS,
  QA_QUESTIONS,
  QuestionDocument,
  QuestionMarkDocument,
} from './questions.projection';

export const QA_READS = 'qa_question_reads';
export const QA_READ_MARKS = 'qa_question_read_marks';
const SIMILAR_MAX = 10;
/** Views this process already counted today (a repeat view counts nothing): kept to skip the read-mark insert. */
const VIEWED_MAX = 100_000;
const HIDDEN = { _src: 0, _version: 0 } as const;

export interface QuestionRow {
  questionId: string;
  title: string;
  summary: string;
  asker: AuthorView;
  tags: { tagId: string; name: string }[];
  askedAt: string;
  lastAnswerAt: string | null;
  rewardAmount: number;
  rewardPoints: number;
  bounty: QuestionDocument['bounty'];
  resolved: boolean;
  answerCount: number;
  likeCount: number;
  favouriteCount: number;
  readCount: number;
  deleted: boolean;
}

export interface ReplyView {
  replyId: string;
  answerId: string;
  questionId: string;
  parentReplyId: string | null;
  author: AuthorView;
  content: string;
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  likeCount: number;
  /** The reader likes it (false for visitors and in lists). */
  liked: boolean;
}

export interface AnswerView {
  answerId: string;
  questionId: string;
  author: AuthorView;
  content: string;
  postedAt: string;
  editedAt: string | null;
  adopted: boolean;
  replyCount: number;
  deleted: boolean;
  likeCount: number;
  liked: boolean;
  replies: ReplyView[];
}

/** The reader-independent part of a detail (cached). */
type DetailBase = Omit<QuestionDetail, 'liked'>;

export interface QuestionDetail extends QuestionRow {
  content: string;
  addenda: QuestionDocument['addenda'];
  editedAt: string | null;
  adoptedAnswerId: string | null;
  answers: AnswerView[];
  liked: boolean;
  favourited: boolean;
}

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

/** What readers, the control panel and the staff console read of the Q&A. */
@Injectable()
export class QuestionQueries {
  private readonly reads: ReadCounts;
  private readonly viewed = new Set<string>();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly tags: QuestionTags,
    private readonly cache: QaReadCache,
    private readonly permissions: PermissionChecker,
  ) {
    this.reads = new ReadCounts(db, { counts: QA_READS, marks: QA_READ_MARKS });
  }

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
      return Buffer.from(JSON.stringify(pageOf(await this.rows(ordered), page, pageSize, ids.length)));
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

  staffList(query: StaffQuestionsQuery): Promise<Page<QuestionRow>> {
    const { where, sort } = FILTERS[query.filter];
    const deleted = query.deleted === undefined ? {} : { deleted: query.deleted === 'true' };
    return this.page({ asked: true, ...where, ...deleted }, sort, query);
  }

  myQuestions(memberId: string, paging: PagingQuery): Promise<Page<QuestionRow>> {
    return this.page({ asked: true, deleted: false, askerId: memberId }, { askedAt: -1, _id: -1 }, paging);
  }

  async myFavourites(memberId: string, paging: PagingQuery): Promise<Page<QuestionRow>> {
    const [total, docs] = await this.favouriteMarks({ memberId }, paging);
    const questions = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .find({ _id: { $in: docs.map((doc) => doc.questionId) } }, { projection: HIDDEN })
      .toArray();
    const byId = new Map(questions.map((question) => [question._id, question]));
    const ordered = docs.flatMap((doc) => (byId.has(doc.questionId) ? [byId.get(doc.questionId)!] : []));
    return pageOf(await this.rows(ordered), paging.page, paging.pageSize, total);
  }

  /**
   * Who favourited the member's own question (the control panel's `questionFavoriteList?questionId=`), newest
   * first; a question that is not the reader's is refused (403).
   */
  async favouriters(
    questionId: string,
    askerId: string,
    paging: PagingQuery,
  ): Promise<Page<{ member: AuthorView; at: string | null }>> {
    const question = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .findOne({ _id: questionId }, { projection: { askerId: 1, asked: 1, deleted: 1 } });
    if (!question?.asked || question.deleted) throw new DomainError('qa.question_not_found');
    if (question.askerId !== askerId) throw new DomainError('auth.forbidden');
    const [total, docs] = await this.favouriteMarks({ questionId }, paging);
    const authors = await this.authors(docs.map((doc) => doc.memberId));
    const items = docs.map((doc) => ({
      member: authors.get(doc.memberId) ?? authorViewOf(doc.memberId, null),
      at: doc.favouritedAt ?? null,
    }));
    return pageOf(items, paging.page, paging.pageSize, total);
  }

  /** A page of favourite marks (a member's, or a question's), newest first, with their total. */
  private favouriteMarks(
    of: { memberId: string } | { questionId: string },
    paging: PagingQuery,
  ): Promise<[number, QuestionMarkDocument[]]> {
    const marks = this.db.collection<QuestionMarkDocument>(QA_MARKS);
    const where = { ...of, favourited: true };
    return Promise.all([
      marks.countDocuments(where),
      marks
        .find(where)
        .sort({ favouritedAt: -1, _id: -1 })
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
    ]);
  }

  async answers(where: Filter<AnswerDocument>, paging: PagingQuery): Promise<Page<AnswerView>> {
    const answers = this.db.collection<AnswerDocument>(QA_ANSWERS);
    const [total, docs] = await Promise.all([
      answers.countDocuments(where),
      answers
        .find(where, { projection: HIDDEN })
        .sort({ postedAt: -1, _id: -1 })
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
    ]);
    return pageOf(await this.answerViews(docs, false), paging.page, paging.pageSize, total);
  }

  async replies(where: Filter<AnswerReplyDocument>, paging: PagingQuery): Promise<Page<ReplyView>> {
    const replies = this.db.collection<AnswerReplyDocument>(QA_ANSWER_REPLIES);
    const [total, docs] = await Promise.all([
      replies.countDocuments(where),
      replies
        .find(where, { projection: HIDDEN })
        .sort({ postedAt: -1, _id: -1 })
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
    ]);
    return pageOf(await this.replyViews(docs), paging.page, paging.pageSize, total);
  }

  /**
   * A question with its answers (adopted first, then oldest first) and their replies; counts the read. The
   * shared part (the question, its answers and replies, read by `_id`) is cached; the reader's own marks and
   * likes and the read count are read per request. For a visitor whose view was already counted, the detail
   * comes back as the JSON bytes every such visitor gets (no marks, no likes, the count of the second),
   * serialized once per second rather than once per request.
   */
  async detail(questionId: string, reader: Actor, now: Date): Promise<QuestionDetail | Buffer> {
    // Deleted questions and answers are for content staff (`content.manage`), not for any staff account.
    const staff = reader.kind === 'staff' && (await this.permissions.can(reader, 'content.manage'));
    const base = await this.cache.get(`detail|${questionId}|${staff}`, () => this.detailBase(questionId, staff));
    if (!base || (base.deleted && !staff)) throw new DomainError('qa.question_not_found');
    const counted = await this.countRead(questionId, reader, now);
    if (reader.kind === 'visitor' && !counted)
      return this.cache.get(`visitor|${questionId}`, async () =>
        Buffer.from(JSON.stringify(await this.readerDetail(base, questionId, reader, false))),
      );
    return this.readerDetail(base, questionId, reader, counted);
  }

  /** The shared part of a detail completed with the reader's marks and likes and the read count. */
  private async readerDetail(
    base: DetailBase,
    questionId: string,
    reader: Actor,
    counted: boolean,
  ): Promise<QuestionDetail> {
    const targets = base.answers.flatMap((answer) => [answer.answerId, ...answer.replies.map((r) => r.replyId)]);
    const [reads, mark, liked] = await Promise.all([
      // The reader's own counted view shows at once; otherwise the count may be up to a second old.
      counted ? this.reads.of([questionId]) : this.cache.get(`reads|${questionId}`, () => this.reads.of([questionId])),
      reader.id
        ? this.db.collection<QuestionMarkDocument>(QA_MARKS).findOne({ _id: `${questionId}_${reader.id}` })
        : null,
      this.likedBy(reader.id, targets),
    ]);
    return {
      ...base,
      readCount: reads.get(questionId) ?? 0,
      answers: base.answers.map((answer) => ({
        ...answer,
        liked: liked.has(answer.answerId),
        replies: answer.replies.map((reply) => ({ ...reply, liked: liked.has(reply.replyId) })),
      })),
      liked: mark?.liked === true,
      favourited: mark?.favourited === true,
    };
  }

  /**
   * Counts the view once per viewer per day (ADR 0009). A view this process already counted today skips the
   * read-mark insert, which would collide and count nothing anyway.
   */
  private async countRead(questionId: string, reader: Actor, now: Date): Promise<boolean> {
    const key = `${questionId}|${reader.id ?? `ip:${reader.ip ?? ''}`}|${readPeriod(now)}`;
    if (this.viewed.has(key)) return false;
    const counted = await this.reads.count(questionId, reader, now);
    if (this.viewed.size >= VIEWED_MAX) this.viewed.clear();
    this.viewed.add(key);
    return counted;
  }

  /** Which of these answers and replies the member likes (none for visitors): one `$in` by `_id`. */
  private async likedBy(memberId: string | null, targetIds: string[]): Promise<Set<string>> {
    if (!memberId || targetIds.length === 0) return new Set();
    const docs = await this.db
      .collection<AnswerLikeDocument>(QA_ANSWER_LIKES)
      .find({ _id: { $in: targetIds.map((id) => `${id}_${memberId}`) } })
      .toArray();
    return new Set(docs.filter((doc) => doc.liked).map((doc) => doc.targetId));
  }

  /** The reader-independent detail: the question, then its answers, then their replies, each by `_id`. */
  private async detailBase(questionId: string, staff: boolean): Promise<DetailBase | null> {
    const doc = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .findOne({ _id: questionId }, { projection: HIDDEN });
    if (!doc?.asked) return null;
    const answerCollection = this.db.collection<AnswerDocument>(QA_ANSWERS);
    // Documents projected before `answerIds` existed are found by a scan (ADR 0017).
    const answers = doc.answerIds
      ? await answerCollection.find({ _id: { $in: doc.answerIds } }, { projection: HIDDEN }).toArray()
      : (doc.answerCount ?? 0) > 0
        ? await answerCollection.find({ questionId }, { projection: HIDDEN }).toArray()
        : [];
    const shown = answers
      .filter((answer) => answer.postedAt && (staff || !answer.deleted))
      .sort((a, b) => (a.postedAt === b.postedAt ? (a._id < b._id ? -1 : 1) : a.postedAt < b.postedAt ? -1 : 1));
    shown.sort((a, b) => Number(b._id === doc.adoptedAnswerId) - Number(a._id === doc.adoptedAnswerId));
    const [row] = await this.rows([doc]);
    return {
      ...row!,
      content: withoutHiddenBlocks(doc.content),
      addenda: (doc.addenda ?? []).map((addendum) => ({ ...addendum, content: withoutHiddenBlocks(addendum.content) })),
      editedAt: doc.editedAt ?? null,
      adoptedAnswerId: doc.adoptedAnswerId ?? null,
      answers: await this.answerViews(shown, true, staff),
      favourited: false,
    };
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
    return this.rows(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  }

  private async page(where: Filter<QuestionDocument>, sort: Sort, paging: PagingQuery): Promise<Page<QuestionRow>> {
    const questions = this.db.collection<QuestionDocument>(QA_QUESTIONS);
    const [total, docs] = await Promise.all([
      questions.countDocuments(where),
      questions
        .find(where, { projection: { ...HIDDEN, content: 0 } })
        .sort(sort)
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
    ]);
    return pageOf(await this.rows(docs), paging.page, paging.pageSize, total);
  }

  private async rows(docs: QuestionDocument[]): Promise<QuestionRow[]> {
    const [authors, names, reads] = await Promise.all([
      this.authors(docs.map((doc) => doc.askerId)),
      this.tags.names(docs.flatMap((doc) => doc.tagIds ?? [])),
      this.reads.of(docs.map((doc) => doc._id)),
    ]);
    return docs.map((doc) => ({
      questionId: doc._id,
      title: doc.title,
      summary: doc.summary,
      asker: authors.get(doc.askerId) ?? authorViewOf(doc.askerId, null),
      tags: (doc.tagIds ?? []).flatMap((tagId) => (names.has(tagId) ? [{ tagId, name: names.get(tagId)! }] : [])),
      askedAt: doc.askedAt,
      lastAnswerAt: doc.lastAnswerAt ?? null,
      rewardAmount: doc.rewardAmount ?? 0,
      rewardPoints: doc.rewardPoints ?? 0,
      bounty: doc.bounty ?? null,
      resolved: doc.resolved === true,
      answerCount: doc.answerCount ?? 0,
      likeCount: doc.likeCount ?? 0,
      favouriteCount: doc.favouriteCount ?? 0,
      readCount: reads.get(doc._id) ?? 0,
      deleted: doc.deleted === true,
    }));
  }

  private async answerViews(docs: AnswerDocument[], withReplies: boolean, staff = false): Promise<AnswerView[]> {
    const replies = withReplies ? await this.repliesOf(docs, staff) : [];
    const [authors, replyViews] = await Promise.all([
      this.authors(docs.map((doc) => doc.authorId)),
      this.replyViews(replies),
    ]);
    return docs.map((doc) => ({
      answerId: doc._id,
      questionId: doc.questionId,
      author: authors.get(doc.authorId) ?? authorViewOf(doc.authorId, null),
      content: withoutHiddenBlocks(doc.content),
      postedAt: doc.postedAt,
      editedAt: doc.editedAt ?? null,
      adopted: doc.adopted === true,
      replyCount: doc.replyCount ?? 0,
      deleted: doc.deleted === true,
      likeCount: doc.likeCount ?? 0,
      liked: false,
      replies: replyViews.filter((reply) => reply.answerId === doc._id),
    }));
  }

  /**
   * The replies of these answers, oldest first: by `_id` from each answer's `replyIds`; answers projected
   * before `replyIds` existed are looked up by a scan.
   */
  private async repliesOf(answers: AnswerDocument[], staff: boolean): Promise<AnswerReplyDocument[]> {
    const collection = this.db.collection<AnswerReplyDocument>(QA_ANSWER_REPLIES);
    const ids = answers.flatMap((answer) => answer.replyIds ?? []);
    const unindexed = answers.filter((answer) => !answer.replyIds && (answer.replyCount ?? 0) > 0);
    const [known, scanned] = await Promise.all([
      ids.length ? collection.find({ _id: { $in: ids } }, { projection: HIDDEN }).toArray() : [],
      unindexed.length
        ? collection.find({ answerId: { $in: unindexed.map((a) => a._id) } }, { projection: HIDDEN }).toArray()
        : [],
    ]);
    return [...known, ...scanned]
      .filter((reply) => reply.postedAt && (staff || !reply.deleted))
      .sort((a, b) => (a.postedAt === b.postedAt ? (a._id < b._id ? -1 : 1) : a.postedAt < b.postedAt ? -1 : 1));
  }

  private async replyViews(docs: AnswerReplyDocument[]): Promise<ReplyView[]> {
    const authors = await this.authors(docs.map((doc) => doc.authorId));
    return docs.map((doc) => ({
      replyId: doc._id,
      answerId: doc.answerId,
      questionId: doc.questionId,
      parentReplyId: doc.parentReplyId ?? null,
      author: authors.get(doc.authorId) ?? authorViewOf(doc.authorId, null),
      content: withoutHiddenBlocks(doc.content),
      postedAt: doc.postedAt,
      editedAt: doc.editedAt ?? null,
      deleted: doc.deleted === true,
      likeCount: doc.likeCount ?? 0,
      liked: false,
    }));
  }

  private async authors(memberIds: string[]): Promise<Map<string, AuthorView>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return new Map();
    const profiles = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: ids } })
      .toArray();
    const byId = new Map(profiles.map((profile) => [profile._id, profile]));
    return new Map(ids.map((id) => [id, authorViewOf(id, byId.get(id))]));
  }
}

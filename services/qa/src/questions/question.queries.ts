import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, Sort } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Actor, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { authorViewOf, CONTEXT_DB, MEMBER_PROFILES, ReadCounts } from '@forum/platform';
import type { AuthorView, MemberProfileDocument } from '@forum/platform';
import { QuestionTags } from '../tags/question-tags';
import type { PagingQuery, QuestionFilter, QuestionListQuery, StaffQuestionsQuery } from './question.schemas';
import {
  AnswerDocument,
  AnswerReplyDocument,
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
  replies: ReplyView[];
}

export interface QuestionDetail extends QuestionRow {
  content: string;
  addenda: QuestionDocument['addenda'];
  editedAt: string | null;
  adoptedAnswerId: string | null;
  answers: AnswerView[];
  liked: boolean;
  favourited: boolean;
}

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

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly tags: QuestionTags,
  ) {
    this.reads = new ReadCounts(db, { counts: QA_READS, marks: QA_READ_MARKS });
  }

  /** The six filters of `/askList` (DOMAIN §6), optionally within one tag. */
  list(query: QuestionListQuery): Promise<Page<QuestionRow>> {
    const { where, sort } = FILTERS[query.filter];
    const tag = query.tagId ? { tagIds: query.tagId } : {};
    return this.page({ asked: true, deleted: false, ...where, ...tag }, sort, query);
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
    const marks = this.db.collection<QuestionMarkDocument>(QA_MARKS);
    const where = { memberId, favourited: true };
    const [total, docs] = await Promise.all([
      marks.countDocuments(where),
      marks
        .find(where)
        .sort({ favouritedAt: -1, _id: -1 })
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
    ]);
    const questions = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .find({ _id: { $in: docs.map((doc) => doc.questionId) } }, { projection: HIDDEN })
      .toArray();
    const byId = new Map(questions.map((question) => [question._id, question]));
    const ordered = docs.flatMap((doc) => (byId.has(doc.questionId) ? [byId.get(doc.questionId)!] : []));
    return pageOf(await this.rows(ordered), paging.page, paging.pageSize, total);
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

  /** A question with its answers (adopted first, then oldest first) and their replies; counts the read. */
  async detail(questionId: string, reader: Actor, now: Date): Promise<QuestionDetail> {
    const doc = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .findOne({ _id: questionId }, { projection: HIDDEN });
    const staff = reader.kind === 'staff';
    if (!doc?.asked || (doc.deleted && !staff)) throw new DomainError('qa.question_not_found');
    await this.reads.count(questionId, reader, now);
    const answers = await this.db
      .collection<AnswerDocument>(QA_ANSWERS)
      .find({ questionId, ...(staff ? {} : { deleted: false }) }, { projection: HIDDEN })
      .sort({ postedAt: 1, _id: 1 })
      .toArray();
    answers.sort((a, b) => Number(b._id === doc.adoptedAnswerId) - Number(a._id === doc.adoptedAnswerId));
    const mark = reader.id
      ? await this.db.collection<QuestionMarkDocument>(QA_MARKS).findOne({ _id: `${questionId}_${reader.id}` })
      : null;
    const [row] = await this.rows([doc]);
    return {
      ...row!,
      content: doc.content,
      addenda: doc.addenda ?? [],
      editedAt: doc.editedAt ?? null,
      adoptedAnswerId: doc.adoptedAnswerId ?? null,
      answers: await this.answerViews(answers, true, staff),
      liked: mark?.liked === true,
      favourited: mark?.favourited === true,
    };
  }

  /** Other questions sharing a tag with this one, newest first. */
  async similar(questionId: string): Promise<QuestionRow[]> {
    const questions = this.db.collection<QuestionDocument>(QA_QUESTIONS);
    const doc = await questions.findOne({ _id: questionId }, { projection: { tagIds: 1 } });
    if (!doc?.tagIds?.length) return [];
    const docs = await questions
      .find(
        { asked: true, deleted: false, tagIds: { $in: doc.tagIds }, _id: { $ne: questionId } },
        { projection: HIDDEN },
      )
      .sort({ askedAt: -1, _id: -1 })
      .limit(SIMILAR_MAX)
      .toArray();
    return this.rows(docs);
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
    const replies =
      withReplies && docs.length
        ? await this.db
            .collection<AnswerReplyDocument>(QA_ANSWER_REPLIES)
            .find(
              { answerId: { $in: docs.map((doc) => doc._id) }, ...(staff ? {} : { deleted: false }) },
              { projection: HIDDEN },
            )
            .sort({ postedAt: 1, _id: 1 })
            .toArray()
        : [];
    const [authors, replyViews] = await Promise.all([
      this.authors(docs.map((doc) => doc.authorId)),
      this.replyViews(replies),
    ]);
    return docs.map((doc) => ({
      answerId: doc._id,
      questionId: doc.questionId,
      author: authors.get(doc.authorId) ?? authorViewOf(doc.authorId, null),
      content: doc.content,
      postedAt: doc.postedAt,
      editedAt: doc.editedAt ?? null,
      adopted: doc.adopted === true,
      replyCount: doc.replyCount ?? 0,
      deleted: doc.deleted === true,
      replies: replyViews.filter((reply) => reply.answerId === doc._id),
    }));
  }

  private async replyViews(docs: AnswerReplyDocument[]): Promise<ReplyView[]> {
    const authors = await this.authors(docs.map((doc) => doc.authorId));
    return docs.map((doc) => ({
      replyId: doc._id,
      answerId: doc.answerId,
      questionId: doc.questionId,
      parentReplyId: doc.parentReplyId ?? null,
      author: authors.get(doc.authorId) ?? authorViewOf(doc.authorId, null),
      content: doc.content,
      postedAt: doc.postedAt,
      editedAt: doc.editedAt ?? null,
      deleted: doc.deleted === true,
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

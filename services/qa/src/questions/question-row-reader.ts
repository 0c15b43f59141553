import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, Sort } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page, QuestionRow } from '@forum/contracts';
import { authorViewOf, CONTEXT_DB, MEMBER_PROFILES, ReadCounts } from '@forum/platform';
import type { AuthorView, MemberProfileDocument } from '@forum/platform';
import { QuestionTags } from '../tags/question-tags';
import type { PagingQuery } from './question.schemas';
import { QA_QUESTIONS, QuestionDocument } from './questions.projection';

export const QA_READS = 'qa_question_reads';
export const QA_READ_MARKS = 'qa_question_read_marks';
/** Bookkeeping fields of a read model document, never answered. */
export const HIDDEN = { _src: 0, _version: 0 } as const;

/** The questions' read counts (ADR 0009), one per viewer per day. */
export const questionReadCounts = (db: Db): ReadCounts =>
  new ReadCounts(db, { counts: QA_READS, marks: QA_READ_MARKS });

/** Authors by id in one `$in` read of the context's member profile copy (cancelled accounts show no name). */
export async function authorsById(db: Db, memberIds: string[]): Promise<Map<string, AuthorView>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const profiles = await db
    .collection<MemberProfileDocument>(MEMBER_PROFILES)
    .find({ _id: { $in: ids } })
    .toArray();
  const byId = new Map(profiles.map((profile) => [profile._id, profile]));
  return new Map(ids.map((id) => [id, authorViewOf(id, byId.get(id))]));
}

/** A question document as every list shows it (asker, tag names, read count), and a page of them. */
@Injectable()
export class QuestionRowReader {
  private readonly reads: ReadCounts;

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly tags: QuestionTags,
  ) {
    this.reads = questionReadCounts(db);
  }

  async page(where: Filter<QuestionDocument>, sort: Sort, paging: PagingQuery): Promise<Page<QuestionRow>> {
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

  async rows(docs: QuestionDocument[]): Promise<QuestionRow[]> {
    const [authors, names, reads] = await Promise.all([
      authorsById(
        this.db,
        docs.map((doc) => doc.askerId),
      ),
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
}

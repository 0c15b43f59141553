import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page, QuestionRow } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { authorViewOf, CONTEXT_DB } from '@forum/platform';
import type { AuthorView } from '@forum/platform';
import type { PagingQuery } from './question.schemas';
import { authorsById, HIDDEN, QuestionRowReader } from './question-row-reader';
import { QA_MARKS, QA_QUESTIONS, QuestionDocument, QuestionMarkDocument } from './questions.projection';

/** Favourite marks: a member's favourite questions, and who favourited the member's own question. */
@Injectable()
export class QuestionFavouritesReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly rows: QuestionRowReader,
  ) {}

  async myFavourites(memberId: string, paging: PagingQuery): Promise<Page<QuestionRow>> {
    const [total, docs] = await this.favouriteMarks({ memberId }, paging);
    const questions = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .find({ _id: { $in: docs.map((doc) => doc.questionId) } }, { projection: HIDDEN })
      .toArray();
    const byId = new Map(questions.map((question) => [question._id, question]));
    const ordered = docs.flatMap((doc) => (byId.has(doc.questionId) ? [byId.get(doc.questionId)!] : []));
    return pageOf(await this.rows.rows(ordered), paging.page, paging.pageSize, total);
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
    const authors = await authorsById(
      this.db,
      docs.map((doc) => doc.memberId),
    );
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
}

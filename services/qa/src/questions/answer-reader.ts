import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { AnswerReplyView, AnswerView, Page } from '@forum/contracts';
import { authorViewOf, CONTEXT_DB, withoutHiddenBlocks } from '@forum/platform';
import type { PagingQuery } from './question.schemas';
import { authorsById, HIDDEN } from './question-row-reader';
import { AnswerDocument, AnswerReplyDocument, QA_ANSWER_REPLIES, QA_ANSWERS } from './questions.projection';

/** Answers and their replies: the pages of the control panel, member pages and staff console, and a detail's. */
@Injectable()
export class AnswerReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

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

  async replies(where: Filter<AnswerReplyDocument>, paging: PagingQuery): Promise<Page<AnswerReplyView>> {
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

  async answerViews(docs: AnswerDocument[], withReplies: boolean, staff = false): Promise<AnswerView[]> {
    const replies = withReplies ? await this.repliesOf(docs, staff) : [];
    const [authors, replyViews] = await Promise.all([
      authorsById(
        this.db,
        docs.map((doc) => doc.authorId),
      ),
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

  private async replyViews(docs: AnswerReplyDocument[]): Promise<AnswerReplyView[]> {
    const authors = await authorsById(
      this.db,
      docs.map((doc) => doc.authorId),
    );
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
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor, QuestionDetail } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PermissionChecker, ReadCounts, readPeriod, withoutHiddenBlocks } from '@forum/platform';
import { AnswerReader } from './answer-reader';
import { QaReadCache } from './qa-read-cache';
import { HIDDEN, questionReadCounts, QuestionRowReader } from './question-row-reader';
import {
  AnswerDocument,
  AnswerLikeDocument,
  QA_ANSWER_LIKES,
  QA_ANSWERS,
  QA_MARKS,
  QA_QUESTIONS,
  QuestionDocument,
  QuestionMarkDocument,
} from './questions.projection';

/** Views this process already counted today (a repeat view counts nothing): kept to skip the read-mark insert. */
const VIEWED_MAX = 100_000;

/** The reader-independent part of a detail (cached). */
type DetailBase = Omit<QuestionDetail, 'liked'>;

/** A question's page: the question, its answers and replies, the reader's marks and likes, and the read count. */
@Injectable()
export class QuestionDetailReader {
  private readonly reads: ReadCounts;
  private readonly viewed = new Set<string>();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly cache: QaReadCache,
    private readonly permissions: PermissionChecker,
    private readonly rows: QuestionRowReader,
    private readonly answers: AnswerReader,
  ) {
    this.reads = questionReadCounts(db);
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
    const [row] = await this.rows.rows([doc]);
    return {
      ...row!,
      content: withoutHiddenBlocks(doc.content),
      addenda: (doc.addenda ?? []).map((addendum) => ({ ...addendum, content: withoutHiddenBlocks(addendum.content) })),
      editedAt: doc.editedAt ?? null,
      adoptedAnswerId: doc.adoptedAnswerId ?? null,
      answers: await this.answers.answerViews(shown, true, staff),
      favourited: false,
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { pageOf, pageSchema } from '@forum/contracts';
import type { Actor } from '@forum/contracts';
import { CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import { CommentsReader } from '../comments/comments.reader';
import { readList, rowsInOrder } from '../shared/id-lists';
import { DynamicDocument, MEMBER_DYNAMICS, QUESTION_REFS, QuestionRefDocument } from './dynamics.projection';

export const dynamicRow = z.object({
  kind: z.enum(['topic', 'comment', 'quote', 'reply', 'question', 'answer', 'answerReply']),
  /** A forum item's topic; null for asked / answered / replied to an answer (those have `questionId`). */
  topicId: z.string().nullable(),
  topicTitle: z.string().nullable(),
  commentId: z.string().nullable(),
  replyId: z.string().nullable(),
  questionId: z.string().nullable(),
  questionTitle: z.string().nullable(),
  answerId: z.string().nullable(),
  answerReplyId: z.string().nullable(),
  summary: z.string(),
  at: z.string(),
});
export const dynamicsPage = pageSchema(dynamicRow).extend({
  /** False when the member keeps their activity private (then `items` is empty for everyone else). */
  shown: z.boolean(),
});
export type DynamicsPage = z.infer<typeof dynamicsPage>;

/** A member's privacy switch for dynamics, on the profile copy once identity publishes it; absent = allowed. */
interface ProfileWithPrivacy {
  _id: string;
  allowUserDynamic?: boolean;
}

@Injectable()
export class DynamicsReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly comments: CommentsReader,
    private readonly policy: TopicViewPolicy,
  ) {}

  /**
   * A member's activity, newest first. Others see it only when the member allows it, and never an item of a
   * topic they may not view (a summary would leak it), nor of a deleted topic.
   */
  async dynamics(memberId: string, viewer: Actor, page: number, pageSize: number): Promise<DynamicsPage> {
    const viewerId = viewer.id;
    if (viewerId !== memberId) {
      const profile = await this.db.collection<ProfileWithPrivacy>(MEMBER_PROFILES).findOne({ _id: memberId });
      if (profile?.allowUserDynamic === false) return { ...pageOf([], page, pageSize, 0), shown: false };
    }
    const ids = await readList(this.db, 'memberDynamics', memberId, 'newestFirst');
    const start = (page - 1) * pageSize;
    const rows = (
      await rowsInOrder<DynamicDocument>(this.db, MEMBER_DYNAMICS, ids.slice(start, start + pageSize))
    ).filter((row) => !row.deleted);
    const questionIds = [...new Set(rows.flatMap((row) => (row.questionId ? [row.questionId] : [])))];
    const [refs, mayView, questionRefs] = await Promise.all([
      this.comments.topicRefs(rows.flatMap((row) => (row.topicId ? [row.topicId] : []))),
      this.policy.filter(viewer),
      questionIds.length
        ? this.db
            .collection<QuestionRefDocument>(QUESTION_REFS)
            .find({ _id: { $in: questionIds } })
            .toArray()
        : [],
    ]);
    const questions = new Map(questionRefs.map((ref) => [ref._id, ref]));
    // Questions are readable by everyone; an item of a deleted question is not shown.
    const readable = rows.filter((row) => {
      if (row.questionId) return !questions.get(row.questionId)?.deleted;
      const ref = refs.get(row.topicId ?? '');
      return !ref || (!ref.deleted && (viewerId === memberId || mayView(ref.tagIds ?? [])));
    });
    const items = readable.map((row) => ({
      kind: row.kind,
      topicId: row.topicId ?? null,
      topicTitle: row.topicId ? (refs.get(row.topicId)?.title ?? null) : null,
      commentId: row.commentId,
      replyId: row.replyId,
      questionId: row.questionId ?? null,
      questionTitle: row.questionId ? (questions.get(row.questionId)?.title ?? null) : null,
      answerId: row.answerId ?? null,
      answerReplyId: row.answerReplyId ?? null,
      summary: row.summary,
      at: row.at,
    }));
    return { ...pageOf(items, page, pageSize, ids.length), shown: true };
  }
}

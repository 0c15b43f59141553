import type {
  AnswerEvent,
  AnswerLikeEvent,
  AnswerReplyEvent,
  BountyEvent,
  EventEnvelope,
  QuestionEvent,
  QuestionMarkEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { plainTextSummary } from '@forum/platform';

export const QA_QUESTIONS = 'qa_questions';
export const QA_ANSWERS = 'qa_answers';
export const QA_ANSWER_REPLIES = 'qa_answer_replies';
export const QA_MARKS = 'qa_marks';
/** One document per (answer or reply, member) that was ever liked: `<targetId>_<memberId>`. */
export const QA_ANSWER_LIKES = 'qa_answer_likes';
/** Held bounties the expiry job looks at (a small collection: only bounties still held are `open`). */
export const QA_OPEN_BOUNTIES = 'qa_open_bounties';

export type BountyStatus = 'held' | 'awarded' | 'refunded';

export interface QuestionDocument {
  _id: string;
  /** False until the question's own first event arrives (counters from other streams may come first). */
  asked?: boolean;
  askerId: string;
  title: string;
  content: string;
  summary: string;
  tagIds: string[];
  addenda: { addendumId: string; content: string; appendedAt: string }[];
  askedAt: string;
  editedAt: string | null;
  lastAnswerAt: string | null;
  isStaff: boolean;
  deleted: boolean;
  deletedAt: string | null;
  /** What was offered at asking (fen, points); `bounty` is its current state in the wallet. */
  rewardAmount: number;
  rewardPoints: number;
  bounty: { amount: number; points: number; status: BountyStatus } | null;
  adoptedAnswerId: string | null;
  resolved: boolean;
  answerCount?: number;
  likeCount?: number;
  favouriteCount?: number;
  /** Every answer ever posted to it, in order: the detail reads its answers by `_id` (ADR 0017). */
  answerIds?: string[];
}

export interface AnswerDocument {
  _id: string;
  questionId: string;
  authorId: string;
  content: string;
  postedAt: string;
  editedAt: string | null;
  isStaff: boolean;
  deleted: boolean;
  adopted?: boolean;
  replyCount?: number;
  likeCount?: number;
  /** Every reply ever posted to it, in order: the detail reads them by `_id`. */
  replyIds?: string[];
}

export interface AnswerReplyDocument {
  _id: string;
  answerId: string;
  questionId: string;
  parentReplyId: string | null;
  authorId: string;
  content: string;
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  likeCount?: number;
}

export interface AnswerLikeDocument {
  _id: string;
  targetKind: 'answer' | 'answerReply';
  targetId: string;
  memberId: string;
  liked: boolean;
}

export interface QuestionMarkDocument {
  _id: string;
  questionId: string;
  memberId: string;
  liked?: boolean;
  favourited?: boolean;
  favouritedAt?: string | null;
}

const SUMMARY = 200;

function applyQuestion(event: EventEnvelope & QuestionEvent, writer: ReadModelWriter): void {
  const { questionId } = event.data;
  const set = (update: Record<string, unknown>, id = questionId, collection = QA_QUESTIONS) =>
    writer.updateOnce(collection, id, event, { $set: update }, { upsert: true });
  switch (event.type) {
    case 'QuestionAsked': {
      const { askerId, title, content, tagIds, askedAt, isStaff, bountyAmount, bountyPoints } = event.data;
      set({
        asked: true,
        askerId,
        title,
        content,
        summary: plainTextSummary(content, SUMMARY),
        tagIds,
        addenda: [],
        askedAt,
        editedAt: null,
        isStaff,
        deleted: false,
        deletedAt: null,
        rewardAmount: bountyAmount,
        rewardPoints: bountyPoints,
        adoptedAnswerId: null,
        resolved: false,
      });
      return;
    }
    case 'QuestionEdited': {
      const { title, content, tagIds, editedAt } = event.data;
      set({ title, content, summary: plainTextSummary(content, SUMMARY), tagIds, editedAt });
      return;
    }
    case 'QuestionAddendumAppended': {
      const { addendumId, content, appendedAt } = event.data;
      writer.updateOnce(QA_QUESTIONS, questionId, event, {
        $push: { addenda: { addendumId, content, appendedAt } } as never,
      });
      return;
    }
    case 'QuestionDeleted':
      set({ deleted: true, deletedAt: event.data.deletedAt });
      return;
    case 'QuestionRestored':
      set({ deleted: false, deletedAt: null });
      return;
    case 'AnswerAdopted':
      set({ adoptedAnswerId: event.data.answerId, resolved: true });
      set({ adopted: true }, event.data.answerId, QA_ANSWERS);
      return;
    case 'AdoptionCancelled':
      set({ adoptedAnswerId: null, resolved: false });
      set({ adopted: false }, event.data.answerId, QA_ANSWERS);
      return;
  }
}

function applyAnswer(event: EventEnvelope & (AnswerEvent | AnswerReplyEvent), writer: ReadModelWriter): void {
  const count = (collection: string, id: string, field: string, by: number) =>
    writer.updateOnce(collection, id, event, { $inc: { [field]: by } }, { upsert: true });
  switch (event.type) {
    case 'AnswerPosted': {
      const { answerId, questionId, authorId, content, postedAt, isStaff } = event.data;
      writer.updateOnce(
        QA_ANSWERS,
        answerId,
        event,
        { $set: { questionId, authorId, content, postedAt, editedAt: null, isStaff, deleted: false } },
        { upsert: true },
      );
      writer.updateOnce(
        QA_QUESTIONS,
        questionId,
        event,
        { $inc: { answerCount: 1 }, $max: { lastAnswerAt: postedAt }, $addToSet: { answerIds: answerId } as never },
        { upsert: true },
      );
      return;
    }
    case 'AnswerEdited':
      writer.updateOnce(QA_ANSWERS, event.data.answerId, event, {
        $set: { content: event.data.content, editedAt: event.data.editedAt },
      });
      return;
    case 'AnswerDeleted':
      writer.updateOnce(QA_ANSWERS, event.data.answerId, event, { $set: { deleted: true } });
      count(QA_QUESTIONS, event.data.questionId, 'answerCount', -1);
      return;
    case 'AnswerRestored':
      writer.updateOnce(QA_ANSWERS, event.data.answerId, event, { $set: { deleted: false } });
      count(QA_QUESTIONS, event.data.questionId, 'answerCount', 1);
      return;
    case 'AnswerReplyPosted': {
      const { replyId, answerId, questionId, parentReplyId, authorId, content, postedAt } = event.data;
      writer.updateOnce(
        QA_ANSWER_REPLIES,
        replyId,
        event,
        { $set: { answerId, questionId, parentReplyId, authorId, content, postedAt, editedAt: null, deleted: false } },
        { upsert: true },
      );
      writer.updateOnce(
        QA_ANSWERS,
        answerId,
        event,
        { $inc: { replyCount: 1 }, $addToSet: { replyIds: replyId } as never },
        { upsert: true },
      );
      return;
    }
    case 'AnswerReplyEdited':
      writer.updateOnce(QA_ANSWER_REPLIES, event.data.replyId, event, {
        $set: { content: event.data.content, editedAt: event.data.editedAt },
      });
      return;
    case 'AnswerReplyDeleted':
      writer.updateOnce(QA_ANSWER_REPLIES, event.data.replyId, event, { $set: { deleted: true } });
      count(QA_ANSWERS, event.data.answerId, 'replyCount', -1);
      return;
    case 'AnswerReplyRestored':
      writer.updateOnce(QA_ANSWER_REPLIES, event.data.replyId, event, { $set: { deleted: false } });
      count(QA_ANSWERS, event.data.answerId, 'replyCount', 1);
      return;
  }
}

function applyMark(event: EventEnvelope & QuestionMarkEvent, writer: ReadModelWriter): void {
  const { questionId, memberId, at } = event.data;
  const like = event.type === 'QuestionLiked' || event.type === 'QuestionUnliked';
  const on = event.type === 'QuestionLiked' || event.type === 'QuestionFavourited';
  const state = like ? { liked: on } : { favourited: on, favouritedAt: on ? at : null };
  writer.updateOnce(
    QA_MARKS,
    `${questionId}_${memberId}`,
    event,
    { $set: { questionId, memberId, ...state } },
    { upsert: true },
  );
  const field = like ? 'likeCount' : 'favouriteCount';
  writer.updateOnce(QA_QUESTIONS, questionId, event, { $inc: { [field]: on ? 1 : -1 } }, { upsert: true });
}

/** A like of an answer or reply: the member's mark, and the target's count (one stream per member and target). */
function applyAnswerLike(event: EventEnvelope & AnswerLikeEvent, writer: ReadModelWriter): void {
  const { targetKind, targetId, memberId } = event.data;
  const on = event.type === 'AnswerContentLiked';
  writer.updateOnce(
    QA_ANSWER_LIKES,
    `${targetId}_${memberId}`,
    event,
    { $set: { targetKind, targetId, memberId, liked: on } },
    { upsert: true },
  );
  const collection = targetKind === 'answer' ? QA_ANSWERS : QA_ANSWER_REPLIES;
  writer.updateOnce(collection, targetId, event, { $inc: { likeCount: on ? 1 : -1 } }, { upsert: true });
}

/** The wallet's word on a question's bounty: its state for readers, and the held ones for the expiry job. */
function applyBounty(event: EventEnvelope & BountyEvent, writer: ReadModelWriter): void {
  const { questionId, amount, points } = event.data;
  const status: BountyStatus =
    event.type === 'BountyAwarded' ? 'awarded' : event.type === 'BountyRefunded' ? 'refunded' : 'held';
  writer.updateOnce(
    QA_QUESTIONS,
    questionId,
    event,
    { $set: { bounty: { amount, points, status } } },
    { upsert: true },
  );
  const open = status === 'held';
  const heldAt = event.type === 'BountyHeld' ? { heldAt: event.data.heldAt } : {};
  writer.upsertVersioned(QA_OPEN_BOUNTIES, questionId, event, { $set: { open, ...heldAt } });
}

/**
 * The Q&A's read models: questions (with their counters and bounty state), answers, answer replies and each
 * member's marks. Documents fed by several streams use `updateOnce` (exact under redelivery).
 */
export const questionsProjection: ProjectionDefinition = {
  name: 'qa-questions',
  version: 1,
  topics: ['qa.question', 'qa.answer', 'qa.answerReply', 'qa.questionMark', 'qa.answerLike', 'wallet.bounty'],
  collections: [QA_QUESTIONS, QA_ANSWERS, QA_ANSWER_REPLIES, QA_MARKS, QA_ANSWER_LIKES, QA_OPEN_BOUNTIES],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const [category] = envelope.streamId.split('-');
    switch (category) {
      case 'question':
        return applyQuestion(envelope as EventEnvelope & QuestionEvent, writer);
      case 'answer':
      case 'answerReply':
        return applyAnswer(envelope as EventEnvelope & (AnswerEvent | AnswerReplyEvent), writer);
      case 'questionMark':
        return applyMark(envelope as EventEnvelope & QuestionMarkEvent, writer);
      case 'answerLike':
        return applyAnswerLike(envelope as EventEnvelope & AnswerLikeEvent, writer);
      case 'bounty':
        return applyBounty(envelope as EventEnvelope & BountyEvent, writer);
    }
  },
};

import { reportStatusCode } from '@forum/contracts';
import type {
  AnswerEvent,
  AnswerReplyEvent,
  QuestionEvent,
  CommentEvent,
  EventEnvelope,
  ReplyEvent,
  ReportEvent,
  ReportKind,
  ReportContentAction,
  ReportOutcome,
  TopicEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const REPORTABLE_CONTENT = 'reportable_content';
export const REPORTABLE_CONTENT_PROJECTION = 'moderation-reportable-content';
export const REPORTS = 'reports';
export const REPORTS_PROJECTION = 'moderation-reports';

/** What moderation knows of a piece of content, learnt from its context's events: `_id` = `<kind>:<id>`. */
export interface ReportableContentDocument {
  _id: string;
  kind: ReportKind;
  contentId: string;
  authorId: string;
  /** The topic a comment or reply is on (the thread link of the queue); the topic itself for a topic. */
  topicId: string;
  /** A topic's title, or the start of a comment's or reply's text (staff see it in the queue). */
  excerpt: string;
  deleted: boolean;
}

export function contentKey(kind: ReportKind, contentId: string): string {
  return `${kind}:${contentId}`;
}

const EXCERPT_LENGTH = 140;

/** Text of sanitized HTML, for a one-line excerpt: tags dropped, entities left as they are. */
function excerptOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_LENGTH);
}

/**
 * The reportable content facts from the forum's topics, comments and replies (the Q&A context's kinds join when
 * its events land): whether an item exists, who wrote it, where it lives, and whether it is deleted.
 */
export const reportableContentProjection: ProjectionDefinition = {
  name: REPORTABLE_CONTENT_PROJECTION,
  // Version 2: the Q&A kinds joined (a fresh consumer group reads their topics from the beginning).
  version: 2,
  topics: ['forum.topic', 'forum.comment', 'forum.reply', 'qa.question', 'qa.answer', 'qa.answerReply'],
  collections: [REPORTABLE_CONTENT],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope &
      (TopicEvent | CommentEvent | ReplyEvent | QuestionEvent | AnswerEvent | AnswerReplyEvent);
    const put = (kind: ReportKind, contentId: string, fields: Partial<ReportableContentDocument>) =>
      writer.upsertVersioned(REPORTABLE_CONTENT, contentKey(kind, contentId), envelope, {
        $set: { kind, contentId, ...fields },
      });
    switch (event.type) {
      case 'TopicPosted':
      case 'TopicEdited': {
        const { topicId, title } = event.data;
        const author = 'authorId' in event.data ? { authorId: event.data.authorId, deleted: false } : {};
        return put('topic', topicId, { topicId, excerpt: title.slice(0, EXCERPT_LENGTH), ...author });
      }
      case 'TopicDeleted':
      case 'TopicRestored':
        return put('topic', event.data.topicId, { deleted: event.type === 'TopicDeleted' });
      case 'CommentPosted':
        return put('comment', event.data.commentId, {
          topicId: event.data.topicId,
          authorId: event.data.authorId,
          excerpt: excerptOf(event.data.contentHtml),
          deleted: false,
        });
      case 'CommentEdited':
        return put('comment', event.data.commentId, { excerpt: excerptOf(event.data.contentHtml) });
      case 'CommentDeleted':
      case 'CommentRestored':
        return put('comment', event.data.commentId, { deleted: event.type === 'CommentDeleted' });
      case 'ReplyPosted':
        return put('reply', event.data.replyId, {
          topicId: event.data.topicId,
          authorId: event.data.authorId,
          excerpt: excerptOf(event.data.contentHtml),
          deleted: false,
        });
      case 'ReplyEdited':
        return put('reply', event.data.replyId, { excerpt: excerptOf(event.data.contentHtml) });
      case 'ReplyDeleted':
      case 'ReplyRestored':
        return put('reply', event.data.replyId, { deleted: event.type === 'ReplyDeleted' });
      // Q&A: `topicId` is the question, the thread a staff link opens.
      case 'QuestionAsked':
        return put('question', event.data.questionId, {
          topicId: event.data.questionId,
          authorId: event.data.askerId,
          excerpt: event.data.title.slice(0, EXCERPT_LENGTH),
          deleted: false,
        });
      case 'QuestionEdited':
        return put('question', event.data.questionId, { excerpt: event.data.title.slice(0, EXCERPT_LENGTH) });
      case 'QuestionDeleted':
      case 'QuestionRestored':
        return put('question', event.data.questionId, { deleted: event.type === 'QuestionDeleted' });
      case 'AnswerPosted':
        return put('answer', event.data.answerId, {
          topicId: event.data.questionId,
          authorId: event.data.authorId,
          excerpt: excerptOf(event.data.content),
          deleted: false,
        });
      case 'AnswerEdited':
        return put('answer', event.data.answerId, { excerpt: excerptOf(event.data.content) });
      case 'AnswerDeleted':
      case 'AnswerRestored':
        return put('answer', event.data.answerId, { deleted: event.type === 'AnswerDeleted' });
      case 'AnswerReplyPosted':
        return put('answerReply', event.data.replyId, {
          topicId: event.data.questionId,
          authorId: event.data.authorId,
          excerpt: excerptOf(event.data.content),
          deleted: false,
        });
      case 'AnswerReplyEdited':
        return put('answerReply', event.data.replyId, { excerpt: excerptOf(event.data.content) });
      case 'AnswerReplyDeleted':
      case 'AnswerReplyRestored':
        return put('answerReply', event.data.replyId, { deleted: event.type === 'AnswerReplyDeleted' });
    }
  },
};

export interface ReportDocument {
  _id: string;
  reporterId: string;
  kind: ReportKind;
  contentId: string;
  typeId: string;
  typeName: string;
  reason: string;
  imageUrls: string[];
  filedAt: string;
  outcome: ReportOutcome | null;
  result: string | null;
  remark: string | null;
  contentAction: ReportContentAction | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  deletedBy: 'reporter' | 'staff' | null;
  deletedAt: string | null;
  /** One of the nine codes (docs/rules/moderation.md, reports), kept with the document so lists filter on it. */
  status: number;
}

/** One document per report, owned by its stream. */
export const reportsProjection: ProjectionDefinition = {
  name: REPORTS_PROJECTION,
  version: 1,
  topics: ['moderation.report'],
  collections: [REPORTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & ReportEvent;
    const { reportId } = event.data;
    switch (event.type) {
      case 'ReportFiled': {
        const { reportId: _id, ...filed } = event.data;
        const open = {
          outcome: null,
          result: null,
          remark: null,
          contentAction: null,
          resolvedBy: null,
          resolvedAt: null,
          deletedBy: null,
          deletedAt: null,
        };
        return writer.upsertVersioned(REPORTS, reportId, envelope, {
          $set: { ...filed, ...open, status: reportStatusCode(null, null) },
        });
      }
      case 'ReportResolved': {
        const { outcome, result, remark, contentAction, by, resolvedAt } = event.data;
        return writer.upsertVersioned(REPORTS, reportId, envelope, {
          $set: {
            outcome,
            result,
            remark,
            contentAction,
            resolvedBy: by,
            resolvedAt,
            status: reportStatusCode(outcome, null),
          },
        });
      }
      case 'ReportDeleted': {
        const deletedBy = event.data.byStaff ? 'staff' : 'reporter';
        // The status needs the outcome: `$inc` the mark onto the stored base code (applied once per version).
        return writer.upsertVersioned(REPORTS, reportId, envelope, {
          $set: { deletedBy, deletedAt: event.data.deletedAt },
          $inc: { status: deletedBy === 'staff' ? 100_000 : 1000 },
        });
      }
    }
  },
};

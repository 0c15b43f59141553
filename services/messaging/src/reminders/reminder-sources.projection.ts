import type {
  AnswerEvent,
  AnswerReplyEvent,
  CommentEvent,
  EventEnvelope,
  QuestionEvent,
  ReplyEvent,
  TopicEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * What the reminder rules need to know about forum content that the events they react to do not carry: who wrote
 * a topic (and its title, for the reminder's text), who wrote a comment, who has replied to a comment. Kept by a
 * projection of its own, which never waits on anything, so the reminder reactor finds them (or waits briefly).
 */
export const RS_TOPICS = 'rs_topics';
export const RS_COMMENTS = 'rs_comments';
/**
 * `_id` = `<commentId>|<replyId>`: who replied to a comment and when (type 50 goes to those who replied BEFORE the
 * new reply; this projection may run ahead of the reactor), one `_id` range per comment.
 */
export const RS_COMMENT_REPLIERS = 'rs_comment_repliers';

/** The Q&A side: a question's asker and title, an answer's author, who replied to an answer (`<answerId>|<replyId>`). */
export const RS_QUESTIONS = 'rs_questions';
export const RS_ANSWERS = 'rs_answers';
export const RS_ANSWER_REPLIERS = 'rs_answer_repliers';

export interface QuestionSourceDocument {
  _id: string;
  askerId: string;
  title: string;
}

export interface AnswerSourceDocument {
  _id: string;
  authorId: string;
  questionId: string;
}

export interface AnswerReplierDocument {
  _id: string;
  answerId: string;
  replyId: string;
  memberId: string;
}

export interface TopicSourceDocument {
  _id: string;
  authorId: string;
  title: string;
}

export interface CommentSourceDocument {
  _id: string;
  authorId: string;
  topicId: string;
}

export const reminderSourcesProjection: ProjectionDefinition = {
  name: 'messaging-reminder-sources',
  version: 1,
  topics: ['forum.topic', 'forum.comment', 'forum.reply', 'qa.question', 'qa.answer', 'qa.answerReply'],
  collections: [RS_TOPICS, RS_COMMENTS, RS_COMMENT_REPLIERS, RS_QUESTIONS, RS_ANSWERS, RS_ANSWER_REPLIERS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope &
      (TopicEvent | CommentEvent | ReplyEvent | QuestionEvent | AnswerEvent | AnswerReplyEvent);
    switch (event.type) {
      case 'TopicPosted':
        writer.upsertVersioned(RS_TOPICS, event.data.topicId, envelope, {
          $set: { authorId: event.data.authorId, title: event.data.title },
        });
        return;
      case 'TopicEdited':
        writer.upsertVersioned(RS_TOPICS, event.data.topicId, envelope, { $set: { title: event.data.title } });
        return;
      case 'CommentPosted':
        writer.upsertVersioned(RS_COMMENTS, event.data.commentId, envelope, {
          $set: { authorId: event.data.authorId, topicId: event.data.topicId },
        });
        return;
      case 'ReplyPosted':
        writer.upsertVersioned(RS_COMMENT_REPLIERS, `${event.data.commentId}|${event.data.replyId}`, envelope, {
          $set: { commentId: event.data.commentId, replyId: event.data.replyId, memberId: event.data.authorId },
        });
        return;
      case 'QuestionAsked':
        writer.upsertVersioned(RS_QUESTIONS, event.data.questionId, envelope, {
          $set: { askerId: event.data.askerId, title: event.data.title },
        });
        return;
      case 'QuestionEdited':
        writer.upsertVersioned(RS_QUESTIONS, event.data.questionId, envelope, { $set: { title: event.data.title } });
        return;
      case 'AnswerPosted':
        writer.upsertVersioned(RS_ANSWERS, event.data.answerId, envelope, {
          $set: { authorId: event.data.authorId, questionId: event.data.questionId },
        });
        return;
      case 'AnswerReplyPosted':
        writer.upsertVersioned(RS_ANSWER_REPLIERS, `${event.data.answerId}|${event.data.replyId}`, envelope, {
          $set: { answerId: event.data.answerId, replyId: event.data.replyId, memberId: event.data.authorId },
        });
        return;
      default:
        return;
    }
  },
};

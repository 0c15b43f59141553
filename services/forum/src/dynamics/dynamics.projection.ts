import type {
  AnswerEvent,
  AnswerReplyEvent,
  CommentEvent,
  EventEnvelope,
  QuestionEvent,
  ReplyEvent,
} from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { plainTextSummary } from '@forum/platform';
import { addToList, ID_LISTS, removeFromList } from '../shared/id-lists';

export const DYNAMICS_PROJECTION = 'forum-dynamics';
/** One activity per source item (`_id` = the topic, comment or reply id, time-ordered UUIDv7). */
export const MEMBER_DYNAMICS = 'member_dynamics';
/** What the comment side needs to know of a topic: its title, author and whether it is deleted. */
export const TOPIC_REFS = 'topic_refs';
/** What the dynamics need to know of a question: its title and whether it is deleted. */
export const QUESTION_REFS = 'dynamics_question_refs';

const SUMMARY = 120;

/** The activity kinds of user dynamics (docs/rules/people.md): posted a topic, commented, quoted, replied; asked, answered, replied to an answer. */
export type DynamicKind = 'topic' | 'comment' | 'quote' | 'reply' | 'question' | 'answer' | 'answerReply';

export interface DynamicDocument {
  _id: string;
  memberId: string;
  kind: DynamicKind;
  /** The topic of a forum item; null for a Q&A one. */
  topicId: string | null;
  commentId: string | null;
  replyId: string | null;
  /** The question of a Q&A item (absent on forum ones), its answer and answer reply. */
  questionId?: string | null;
  answerId?: string | null;
  answerReplyId?: string | null;
  /** Plain text, hidden blocks never included. */
  summary: string;
  at: string;
  deleted: boolean;
}

export interface QuestionRefDocument {
  _id: string;
  title: string;
  deleted: boolean;
}

export interface TopicRefDocument {
  _id: string;
  title: string;
  authorId: string;
  /** Who may read the topic's comments follows its tags (`topic.view` per tag). */
  tagIds: string[];
  deleted: boolean;
}

/** Topic events are read loosely (their contract belongs to the topics part and grows): only these fields. */
interface TopicEventData {
  topicId: string;
  authorId?: string;
  title?: string;
  tagIds?: string[];
  content?: string;
  contentHtml?: string;
  postedAt?: string;
}

/**
 * User dynamics (docs/rules/people.md, dynamics): posted a topic, commented, quoted a comment, replied; asked a question, answered,
 * replied to an answer — one document per item and a newest-first list per member; deleting the item takes it
 * out of the list, restoring it puts it back. Also keeps `topic_refs` and `dynamics_question_refs`.
 */
export const dynamicsProjection: ProjectionDefinition = {
  name: DYNAMICS_PROJECTION,
  version: 1,
  // The Q&A topics came later: a consumer group reads a topic it has no offset for from its beginning.
  topics: ['forum.topic', 'forum.comment', 'forum.reply', 'qa.question', 'qa.answer', 'qa.answerReply'],
  collections: [MEMBER_DYNAMICS, TOPIC_REFS, QUESTION_REFS, ID_LISTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (CommentEvent | ReplyEvent);
    if (applyQa(envelope, writer)) return;
    const add = (doc: Omit<DynamicDocument, '_id' | 'deleted'>, id: string) => {
      writer.upsertVersioned(MEMBER_DYNAMICS, id, envelope, { $set: { ...doc, deleted: false } });
      addToList(writer, 'memberDynamics', doc.memberId, envelope, id);
    };
    /** A deleted item leaves its author's dynamics; one that staff restore comes back in its place. */
    const setDeleted = (memberId: string, id: string, deleted: boolean) => {
      writer.upsertVersioned(MEMBER_DYNAMICS, id, envelope, { $set: { deleted } });
      (deleted ? removeFromList : addToList)(writer, 'memberDynamics', memberId, envelope, id);
    };
    switch (envelope.type) {
      case 'TopicPosted': {
        const data = event.data as TopicEventData;
        const authorId = data.authorId ?? '';
        writer.upsertVersioned(TOPIC_REFS, data.topicId, envelope, {
          $set: { title: data.title ?? '', authorId, tagIds: data.tagIds ?? [], deleted: false },
        });
        add(
          {
            memberId: authorId,
            kind: 'topic',
            topicId: data.topicId,
            commentId: null,
            replyId: null,
            summary: data.title ?? '',
            at: data.postedAt ?? envelope.occurredAt,
          },
          data.topicId,
        );
        return;
      }
      case 'TopicEdited': {
        const data = event.data as TopicEventData;
        if (data.title !== undefined) {
          writer.upsertVersioned(TOPIC_REFS, data.topicId, envelope, {
            $set: { title: data.title, tagIds: data.tagIds ?? [] },
          });
        }
        return;
      }
      case 'TopicDeleted':
      case 'TopicRestored': {
        const data = event.data as TopicEventData;
        const deleted = envelope.type === 'TopicDeleted';
        writer.upsertVersioned(TOPIC_REFS, data.topicId, envelope, { $set: { deleted } });
        writer.upsertVersioned(MEMBER_DYNAMICS, data.topicId, envelope, { $set: { deleted } });
        if (data.authorId) {
          const change = deleted ? removeFromList : addToList;
          change(writer, 'memberDynamics', data.authorId, envelope, data.topicId);
        }
        return;
      }
    }
    switch (event.type) {
      case 'CommentPosted': {
        const { commentId, topicId, authorId, contentHtml, quotedCommentId, postedAt } = event.data;
        add(
          {
            memberId: authorId,
            kind: quotedCommentId ? 'quote' : 'comment',
            topicId,
            commentId,
            replyId: null,
            summary: plainTextSummary(contentHtml, SUMMARY),
            at: postedAt,
          },
          commentId,
        );
        return;
      }
      case 'CommentEdited':
        writer.upsertVersioned(MEMBER_DYNAMICS, event.data.commentId, envelope, {
          $set: { summary: plainTextSummary(event.data.contentHtml, SUMMARY) },
        });
        return;
      case 'CommentDeleted':
      case 'CommentRestored':
        setDeleted(event.data.authorId, event.data.commentId, event.type === 'CommentDeleted');
        return;
      case 'ReplyPosted': {
        const { replyId, commentId, topicId, authorId, contentHtml, postedAt } = event.data;
        add(
          {
            memberId: authorId,
            kind: 'reply',
            topicId,
            commentId,
            replyId,
            summary: plainTextSummary(contentHtml, SUMMARY),
            at: postedAt,
          },
          replyId,
        );
        return;
      }
      case 'ReplyEdited':
        writer.upsertVersioned(MEMBER_DYNAMICS, event.data.replyId, envelope, {
          $set: { summary: plainTextSummary(event.data.contentHtml, SUMMARY) },
        });
        return;
      case 'ReplyDeleted':
      case 'ReplyRestored':
        setDeleted(event.data.authorId, event.data.replyId, event.type === 'ReplyDeleted');
        return;
    }
  },
};

/** The Q&A side of the dynamics: asked, answered, replied to an answer. True when the event was one of those. */
function applyQa(envelope: EventEnvelope, writer: ReadModelWriter): boolean {
  const event = envelope as EventEnvelope & (QuestionEvent | AnswerEvent | AnswerReplyEvent);
  const add = (id: string, doc: Omit<DynamicDocument, '_id' | 'deleted' | 'topicId' | 'commentId' | 'replyId'>) => {
    writer.upsertVersioned(MEMBER_DYNAMICS, id, envelope, {
      $set: { ...doc, topicId: null, commentId: null, replyId: null, deleted: false },
    });
    addToList(writer, 'memberDynamics', doc.memberId, envelope, id);
  };
  const setDeleted = (memberId: string, id: string, deleted: boolean) => {
    writer.upsertVersioned(MEMBER_DYNAMICS, id, envelope, { $set: { deleted } });
    (deleted ? removeFromList : addToList)(writer, 'memberDynamics', memberId, envelope, id);
  };
  const summary = (id: string, content: string) =>
    writer.upsertVersioned(MEMBER_DYNAMICS, id, envelope, { $set: { summary: plainTextSummary(content, SUMMARY) } });
  switch (event.type) {
    case 'QuestionAsked': {
      const { questionId, askerId, title, askedAt } = event.data;
      writer.upsertVersioned(QUESTION_REFS, questionId, envelope, { $set: { title, deleted: false } });
      add(questionId, {
        memberId: askerId,
        kind: 'question',
        questionId,
        answerId: null,
        answerReplyId: null,
        summary: title,
        at: askedAt,
      });
      return true;
    }
    case 'QuestionEdited':
      writer.upsertVersioned(QUESTION_REFS, event.data.questionId, envelope, { $set: { title: event.data.title } });
      writer.upsertVersioned(MEMBER_DYNAMICS, event.data.questionId, envelope, { $set: { summary: event.data.title } });
      return true;
    case 'QuestionDeleted':
    case 'QuestionRestored': {
      const deleted = event.type === 'QuestionDeleted';
      writer.upsertVersioned(QUESTION_REFS, event.data.questionId, envelope, { $set: { deleted } });
      setDeleted(event.data.askerId, event.data.questionId, deleted);
      return true;
    }
    case 'AnswerPosted': {
      const { answerId, questionId, authorId, content, postedAt } = event.data;
      add(answerId, {
        memberId: authorId,
        kind: 'answer',
        questionId,
        answerId,
        answerReplyId: null,
        summary: plainTextSummary(content, SUMMARY),
        at: postedAt,
      });
      return true;
    }
    case 'AnswerEdited':
      summary(event.data.answerId, event.data.content);
      return true;
    case 'AnswerDeleted':
    case 'AnswerRestored':
      setDeleted(event.data.authorId, event.data.answerId, event.type === 'AnswerDeleted');
      return true;
    case 'AnswerReplyPosted': {
      const { replyId, answerId, questionId, authorId, content, postedAt } = event.data;
      add(replyId, {
        memberId: authorId,
        kind: 'answerReply',
        questionId,
        answerId,
        answerReplyId: replyId,
        summary: plainTextSummary(content, SUMMARY),
        at: postedAt,
      });
      return true;
    }
    case 'AnswerReplyEdited':
      summary(event.data.replyId, event.data.content);
      return true;
    case 'AnswerReplyDeleted':
    case 'AnswerReplyRestored':
      setDeleted(event.data.authorId, event.data.replyId, event.type === 'AnswerReplyDeleted');
      return true;
    default:
      return false;
  }
}

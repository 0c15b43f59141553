import type { CommentEvent, EventEnvelope, ReplyEvent, TopicEvent } from '@forum/contracts';
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
  topics: ['forum.topic', 'forum.comment', 'forum.reply'],
  collections: [RS_TOPICS, RS_COMMENTS, RS_COMMENT_REPLIERS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (TopicEvent | CommentEvent | ReplyEvent);
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
      default:
        return;
    }
  },
};

import type { CommentEvent, EventEnvelope, ReplyEvent, RevisionEvent, TopicEvent } from '@forum/contracts';
import { RevisionFact, revisionsProjection, VisibilityFact } from '@forum/platform';

export const FORUM_REVISIONS_PROJECTION = 'forum-revisions';
/** `_id` = `topic:<id>`, `comment:<id>`, `reply:<id>`: every version of one topic, comment or reply (ADR 0032). */
export const FORUM_REVISIONS = 'forum_revisions';

function contentFact(envelope: EventEnvelope): RevisionFact | null {
  const event = envelope as EventEnvelope & (TopicEvent | CommentEvent | ReplyEvent);
  switch (event.type) {
    case 'TopicPosted': {
      const { topicId, title, content, authorId, postedAt } = event.data;
      const version = { title, content, by: authorId, at: postedAt };
      return { first: true, kind: 'topic', targetId: topicId, parentId: topicId, authorId, version };
    }
    case 'TopicEdited': {
      const { topicId, title, content, by, editedAt } = event.data;
      return { first: false, kind: 'topic', targetId: topicId, version: { title, content, by, at: editedAt } };
    }
    case 'CommentPosted': {
      const { commentId, topicId, contentHtml, authorId, postedAt } = event.data;
      const version = { title: null, content: contentHtml, by: authorId, at: postedAt };
      return { first: true, kind: 'comment', targetId: commentId, parentId: topicId, authorId, version };
    }
    case 'CommentEdited': {
      const { commentId, contentHtml, by, editedAt } = event.data;
      const version = { title: null, content: contentHtml, by, at: editedAt };
      return { first: false, kind: 'comment', targetId: commentId, version };
    }
    case 'ReplyPosted': {
      const { replyId, topicId, contentHtml, authorId, postedAt } = event.data;
      const version = { title: null, content: contentHtml, by: authorId, at: postedAt };
      return { first: true, kind: 'reply', targetId: replyId, parentId: topicId, authorId, version };
    }
    case 'ReplyEdited': {
      const { replyId, contentHtml, by, editedAt } = event.data;
      return {
        first: false,
        kind: 'reply',
        targetId: replyId,
        version: { title: null, content: contentHtml, by, at: editedAt },
      };
    }
    default:
      return null;
  }
}

function visibilityFact(envelope: EventEnvelope): VisibilityFact | null {
  const event = envelope as EventEnvelope & RevisionEvent;
  if (event.type !== 'RevisionHidden' && event.type !== 'RevisionShown') return null;
  const { kind, targetId, revision, by, at } = event.data;
  return { hidden: event.type === 'RevisionHidden', kind, targetId, revision, by, at };
}

/** The forum's edit history: topics, comments and replies, and the revisions staff hid. */
export const forumRevisionsProjection = revisionsProjection({
  name: FORUM_REVISIONS_PROJECTION,
  collection: FORUM_REVISIONS,
  topics: ['forum.topic', 'forum.comment', 'forum.reply', 'forum.revision'],
  contentFact,
  visibilityFact,
});

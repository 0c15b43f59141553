import type { CommentEvent, CounterEvent, EventEnvelope, ReplyEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { addToList, ID_LISTS, removeFromList } from '../shared/id-lists';

export const COMMENTS_PROJECTION = 'forum-comments';
export const COMMENTS = 'comments';
export const REPLIES = 'replies';
/** One document per topic (`_id` = topic id): the absolute counters of `forum.topicCounters`. */
export const TOPIC_COUNTERS = 'topic_counters';

export interface CommentDocument {
  _id: string;
  topicId: string;
  authorId: string;
  contentHtml: string;
  quotedCommentId: string | null;
  quoteChain: string[];
  mentions: string[];
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  isStaff: boolean;
  replyCount: number;
  likeCount: number;
}

export interface ReplyDocument {
  _id: string;
  commentId: string;
  topicId: string;
  authorId: string;
  replyToReplyId: string | null;
  replyToMemberId: string | null;
  contentHtml: string;
  mentions: string[];
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  isStaff: boolean;
  likeCount: number;
}

export interface TopicCountersDocument {
  _id: string;
  commentCount: number;
  replyCount: number;
  likeCount: number;
  favoriteCount: number;
  lastReplyAt: string | null;
}

/**
 * Comments and replies (one document each, owned by its stream), the id lists that page them (a topic's
 * comments, a comment's replies, a member's comments and replies), and the counters: the topic's from
 * `forum.topicCounters`, each comment's reply and like counts and each reply's like count from the counter
 * streams' absolute values (`$set` once per counter stream version, never `$inc`).
 */
export const commentsProjection: ProjectionDefinition = {
  name: COMMENTS_PROJECTION,
  version: 1,
  topics: ['forum.comment', 'forum.reply', 'forum.topicCounters', 'forum.likeCounter'],
  collections: [COMMENTS, REPLIES, TOPIC_COUNTERS, ID_LISTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (CommentEvent | ReplyEvent | CounterEvent);
    switch (event.type) {
      case 'CommentPosted': {
        const { commentId, topicId, authorId, contentHtml, quotedCommentId, quoteChain, mentions, postedAt, isStaff } =
          event.data;
        writer.upsertVersioned(COMMENTS, commentId, envelope, {
          $set: {
            topicId,
            authorId,
            contentHtml,
            quotedCommentId,
            quoteChain,
            mentions,
            postedAt,
            editedAt: null,
            deleted: false,
            isStaff,
          },
          $setOnInsert: { replyCount: 0, likeCount: 0 },
        });
        addToList(writer, 'topicComments', topicId, envelope, commentId);
        addToList(writer, 'memberComments', authorId, envelope, commentId);
        return;
      }
      case 'CommentEdited':
        writer.upsertVersioned(COMMENTS, event.data.commentId, envelope, {
          $set: { contentHtml: event.data.contentHtml, mentions: event.data.mentions, editedAt: event.data.editedAt },
        });
        return;
      case 'CommentDeleted':
        writer.upsertVersioned(COMMENTS, event.data.commentId, envelope, { $set: { deleted: true } });
        removeFromList(writer, 'topicComments', event.data.topicId, envelope, event.data.commentId);
        removeFromList(writer, 'memberComments', event.data.authorId, envelope, event.data.commentId);
        return;
      case 'CommentRestored':
        writer.upsertVersioned(COMMENTS, event.data.commentId, envelope, { $set: { deleted: false } });
        addToList(writer, 'topicComments', event.data.topicId, envelope, event.data.commentId);
        addToList(writer, 'memberComments', event.data.authorId, envelope, event.data.commentId);
        return;
      case 'ReplyPosted': {
        const { replyId, commentId, authorId, ...rest } = event.data;
        writer.upsertVersioned(REPLIES, replyId, envelope, {
          $set: { ...rest, commentId, authorId, editedAt: null, deleted: false },
          $setOnInsert: { likeCount: 0 },
        });
        addToList(writer, 'commentReplies', commentId, envelope, replyId);
        addToList(writer, 'memberReplies', authorId, envelope, replyId);
        return;
      }
      case 'ReplyEdited':
        writer.upsertVersioned(REPLIES, event.data.replyId, envelope, {
          $set: { contentHtml: event.data.contentHtml, mentions: event.data.mentions, editedAt: event.data.editedAt },
        });
        return;
      case 'ReplyDeleted':
        writer.upsertVersioned(REPLIES, event.data.replyId, envelope, { $set: { deleted: true } });
        removeFromList(writer, 'commentReplies', event.data.commentId, envelope, event.data.replyId);
        removeFromList(writer, 'memberReplies', event.data.authorId, envelope, event.data.replyId);
        return;
      case 'ReplyRestored':
        writer.upsertVersioned(REPLIES, event.data.replyId, envelope, { $set: { deleted: false } });
        addToList(writer, 'commentReplies', event.data.commentId, envelope, event.data.replyId);
        addToList(writer, 'memberReplies', event.data.authorId, envelope, event.data.replyId);
        return;
      case 'TopicCountersChanged': {
        const { topicId, commentCount, replyCount, likeCount, favoriteCount, lastReplyAt, comment } = event.data;
        writer.upsertVersioned(TOPIC_COUNTERS, topicId, envelope, {
          $set: { commentCount, replyCount, likeCount, favoriteCount, lastReplyAt },
        });
        if (comment) {
          writer.updateOnce(
            COMMENTS,
            comment.commentId,
            envelope,
            // The counters may arrive before CommentPosted (another topic): the document then starts here.
            { $set: { replyCount: comment.replies }, $setOnInsert: { likeCount: 0 } },
            { upsert: true },
          );
        }
        return;
      }
      case 'LikeCountChanged':
        if (event.data.targetKind === 'topic') return;
        writer.updateOnce(
          event.data.targetKind === 'comment' ? COMMENTS : REPLIES,
          event.data.targetId,
          envelope,
          {
            $set: { likeCount: event.data.likeCount },
            ...(event.data.targetKind === 'comment' ? { $setOnInsert: { replyCount: 0 } } : {}),
          },
          { upsert: true },
        );
        return;
    }
  },
};

import { Injectable } from '@nestjs/common';
import { streamId } from '@forum/contracts';
import type { CommentEvent, ReplyEvent } from '@forum/contracts';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { commentDecider, CommentState } from '../comments/comment.decider';
import { replyDecider, ReplyState } from '../replies/reply.decider';

export interface TopicFacts {
  topicId: string;
  authorId: string;
  tagIds: string[];
}

/**
 * What a comment, reply or like is attached to, read from the event store (the source of truth) rather
 * than from a read model: a topic deleted a moment ago refuses comments at once, a topic posted a moment
 * ago accepts them before any projection caught up, and a stream is read by `_id` ($in), which is an index
 * lookup even on the Mongo stand-in. Topic streams are short (post, edits, pin, delete), so the read is small.
 */
@Injectable()
export class ForumTargets {
  constructor(private readonly store: EventStore) {}

  /** The live topic, or `forum.topic_not_found` (never posted, or deleted and not restored). */
  async topic(topicId: string): Promise<TopicFacts> {
    const events = await this.store.readStream(streamId('topic', topicId));
    let facts: TopicFacts | null = null;
    let deleted = false;
    for (const event of events) {
      const data = event.data as { authorId?: string; tagIds?: string[] };
      switch (event.type) {
        case 'TopicPosted':
          facts = { topicId, authorId: data.authorId ?? '', tagIds: data.tagIds ?? [] };
          break;
        case 'TopicEdited':
          if (facts && data.tagIds) facts = { topicId, authorId: facts.authorId, tagIds: data.tagIds };
          break;
        case 'TopicDeleted':
          deleted = true;
          break;
        case 'TopicRestored':
          deleted = false;
          break;
      }
    }
    if (!facts || deleted) throw new DomainError('forum.topic_not_found');
    return facts;
  }

  /** The live comment, or `forum.comment_not_found`. */
  async comment(commentId: string): Promise<CommentState & { commentId: string; topicId: string; authorId: string }> {
    const events = await this.store.readStream(streamId('comment', commentId));
    const state = fold(commentDecider, events as unknown as CommentEvent[]);
    if (state.status !== 'posted') throw new DomainError('forum.comment_not_found');
    return state as CommentState & { commentId: string; topicId: string; authorId: string };
  }

  /** The live reply, or `forum.reply_not_found`. */
  async reply(
    replyId: string,
  ): Promise<ReplyState & { replyId: string; commentId: string; topicId: string; authorId: string }> {
    const events = await this.store.readStream(streamId('reply', replyId));
    const state = fold(replyDecider, events as unknown as ReplyEvent[]);
    if (state.status !== 'posted') throw new DomainError('forum.reply_not_found');
    return state as ReplyState & { replyId: string; commentId: string; topicId: string; authorId: string };
  }
}

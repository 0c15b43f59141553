import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { commentPage, pageOf, topicDetail } from '@forum/contracts';
import type { Actor, CommentView, Page, TopicDetail } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { CommentsReader, likeTargets } from '../comments/comments.reader';
import type { CommentPageBase } from '../comments/comments.reader';
import { FAVOURITE_STATE, FavouriteStateDocument } from '../shared/reaction-state';
import { TopicReads } from './lists/topic-reads';
import { ThreadCache } from './thread-cache';
import { TopicViewPolicy } from './topic-view-policy';
import { TopicViews } from './topic-views';

/** The first paint of the topic page: the topic and one page of its comments (with first replies, authors). */
export const topicPageView = z.object({ topic: topicDetail, comments: commentPage });

export interface TopicPageView {
  topic: TopicDetail;
  comments: Page<CommentView>;
}

const VISITOR: Actor = { kind: 'visitor', id: null };

interface ReaderMarks {
  /** The page they were read for. */
  for: CommentPageBase;
  liked: Set<string>;
  topic: { likedByMe: boolean; favouritedByMe: boolean };
}

interface VisitorPage {
  json: Buffer;
  tagIds: string[];
}

/**
 * `GET /api/forum/topics/:id/page`: what `GET /api/forum/topics/:id` and `GET …/comments?page` answer, in one
 * request, built from the thread cache's reader-independent parts (ADR 0028). A visitor's answer is the same for
 * every visitor, so it is cached whole as JSON bytes and only the view permission and the read count are done per
 * request; a member's is built per request from the cached parts plus what is theirs (hidden-block access, likes,
 * favourite, own comments held for review), read every time. Read counting never waits for the database.
 */
@Injectable()
export class TopicPageQueries {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly views: TopicViews,
    private readonly comments: CommentsReader,
    private readonly policy: TopicViewPolicy,
    private readonly reads: TopicReads,
    private readonly cache: ThreadCache,
  ) {}

  async page(
    topicId: string,
    page: number,
    pageSize: number,
    reader: Actor,
    now: Date,
  ): Promise<TopicPageView | Buffer> {
    if (reader.kind === 'visitor') {
      const [visitorPage, allowed] = await Promise.all([
        this.cache.get(`visitor|${topicId}|${page}|${pageSize}`, () => this.visitorPage(topicId, page, pageSize)),
        this.policy.filter(reader, now),
      ]);
      // The visitor role may have lost the tag since the page was cached: checked on every request.
      if (!allowed(visitorPage.tagIds)) throw new DomainError('forum.topic_view_forbidden');
      this.reads.countNow(topicId, reader, now);
      return visitorPage.json;
    }
    const [base, commentBase, allowed] = await Promise.all([
      this.views.detailBase(topicId),
      this.comments.commentPageBase(topicId, page, pageSize),
      this.policy.filter(reader, now),
    ]);
    if (!base) throw new DomainError('forum.topic_not_found');
    const isAuthor = reader.id !== null && reader.id === base.doc.authorId;
    if (!isAuthor && !allowed(base.doc.tagIds)) throw new DomainError('forum.topic_view_forbidden');
    const marks = await this.readerMarks(reader, topicId, page, pageSize, commentBase);
    const [topic, comments] = await Promise.all([
      this.views.detailFor(base, reader, true, marks?.topic),
      base.doc.deleted
        ? Promise.resolve(pageOf<CommentView>([], page, pageSize, 0))
        : this.comments.commentPageFor(commentBase, topicId, page, pageSize, reader, marks?.liked),
    ]);
    if (!topic) throw new DomainError('forum.topic_not_found');
    if (!topic.deleted && this.reads.countNow(topicId, reader, now)) {
      topic.readCount += 1;
      topic.viewCount = topic.readCount;
    }
    return { topic, comments };
  }

  /**
   * What a member liked on this page and whether they like and favourite the topic, cached per member and page
   * (ADR 0028): dropped when a projection here applies an event naming the member or the topic (every like and
   * favourite names both), and rebuilt when the page's comments are no longer those it was read for. Display
   * state only: hidden-block access is never cached.
   */
  private async readerMarks(
    reader: Actor,
    topicId: string,
    page: number,
    pageSize: number,
    commentBase: CommentPageBase,
  ): Promise<ReaderMarks | null> {
    const memberId = reader.id;
    if (!memberId) return null;
    const key = `marks|${memberId}|${topicId}|${page}|${pageSize}`;
    const compute = async () => {
      const topicTarget = `topic.${topicId}`;
      const [liked, favourite] = await Promise.all([
        this.comments.likedBy(memberId, [topicTarget, ...likeTargets(commentBase)]),
        this.db.collection<FavouriteStateDocument>(FAVOURITE_STATE).findOne({ _id: `topic.${topicId}.${memberId}` }),
      ]);
      const marks: ReaderMarks = {
        for: commentBase,
        liked,
        topic: { likedByMe: liked.has(topicTarget), favouritedByMe: favourite?.favourited ?? false },
      };
      return { value: marks, keys: [memberId, topicId] };
    };
    const marks = await this.cache.get(key, compute);
    if (marks.for === commentBase) return marks;
    this.cache.delete(key);
    return this.cache.get(key, compute);
  }

  private async visitorPage(
    topicId: string,
    page: number,
    pageSize: number,
  ): Promise<{ value: VisitorPage; keys: string[] }> {
    const [base, commentBase] = await Promise.all([
      this.views.detailBase(topicId, true),
      this.comments.commentPageBase(topicId, page, pageSize, true),
    ]);
    const topic = base ? await this.views.detailFor(base, VISITOR, true) : null;
    if (!base || !topic) throw new DomainError('forum.topic_not_found');
    const comments = await this.comments.commentPageFor(commentBase, topicId, page, pageSize, VISITOR);
    const view: TopicPageView = { topic, comments };
    return {
      value: { json: Buffer.from(JSON.stringify(view)), tagIds: base.doc.tagIds },
      keys: [topicId, base.doc.authorId, ...base.doc.tagIds, ...commentBase.keys],
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { Page, pageOf } from '@forum/contracts';
import type { Actor, CommentPosition, CommentView, MyContentRow, ReplyView } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { LIKE_STATE, LikeStateDocument } from '../shared/reaction-state';
import { TOPIC_REFS, TopicRefDocument } from '../dynamics/dynamics.projection';
import { REVIEW_QUEUE, SubmissionDocument } from '../review/review-queue.projection';
import { authorKey, tagKey, ThreadCache } from '../topics/thread-cache';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import { authorsOf } from '../shared/authors';
import { REPLY_PREVIEW } from './comment.schemas';
import { COMMENTS, CommentDocument, REPLIES, ReplyDocument } from './comments.projection';
import { ID_LISTS, IdListDocument, listKey, readList, rowsInOrder } from '../shared/id-lists';

/** A page of comments as every reader sees it (nothing liked, nothing pending), with the ids it shows. */
export interface CommentPageBase {
  ref: TopicRefDocument | null;
  total: number;
  /** Whether this page reaches the last floor (where a member's comments held for review are shown). */
  lastPage: boolean;
  items: CommentView[];
  keys: string[];
}

const NOTHING_LIKED = new Set<string>();

/**
 * Comment pages as a handful of `_id` reads: the topic's comment-id list, the page's comments, their quoted
 * comments, their reply lists and first replies, authors, and the viewer's likes — never a scan of
 * `comments`, whatever the number of comments (INFRA-NOTES: non-unique indexes do nothing on the stand-in).
 */
@Injectable()
export class CommentsReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly policy: TopicViewPolicy,
    private readonly cache: ThreadCache,
  ) {}

  async topicComments(topicId: string, page: number, pageSize: number, viewer: Actor): Promise<Page<CommentView>> {
    const base = await this.commentPageBase(topicId, page, pageSize);
    await this.requireReadable(base.ref, viewer);
    return this.commentPageFor(base, topicId, page, pageSize, viewer);
  }

  /**
   * A page of a topic's comments as every reader sees it (comments, quotes, first replies, author cards, the
   * topic's ref for the view check), from the thread cache (ADR 0028): dropped when a projection here applies an
   * event naming the topic, one of these comments, replies or authors.
   */
  commentPageBase(topicId: string, page: number, pageSize: number, fresh = false): Promise<CommentPageBase> {
    if (fresh) return this.buildCommentPage(topicId, page, pageSize);
    return this.cache.get(`comments|${topicId}|${page}|${pageSize}`, async () => {
      const value = await this.buildCommentPage(topicId, page, pageSize);
      return { value, keys: value.keys };
    });
  }

  private async buildCommentPage(topicId: string, page: number, pageSize: number): Promise<CommentPageBase> {
    const [ref, ids] = await Promise.all([
      this.db.collection<TopicRefDocument>(TOPIC_REFS).findOne({ _id: topicId }),
      readList(this.db, 'topicComments', topicId, 'oldestFirst'),
    ]);
    const start = (page - 1) * pageSize;
    const pageIds = ids.slice(start, start + pageSize);
    const comments = (await rowsInOrder<CommentDocument>(this.db, COMMENTS, pageIds)).filter(
      (comment) => !comment.deleted,
    );
    const quoteIds = [...new Set(comments.flatMap((comment) => comment.quoteChain ?? []))];
    const [quoted, replyLists] = await Promise.all([
      rowsInOrder<CommentDocument>(this.db, COMMENTS, quoteIds),
      this.db
        .collection<IdListDocument>(ID_LISTS)
        .find({ _id: { $in: comments.map((comment) => listKey('commentReplies', comment._id)) } })
        .toArray(),
    ]);
    const firstReplyIds = new Map(
      replyLists.map((list) => [
        list._id.slice('commentReplies:'.length),
        [...list.ids].sort().slice(0, REPLY_PREVIEW),
      ]),
    );
    const replies = await rowsInOrder<ReplyDocument>(this.db, REPLIES, [...firstReplyIds.values()].flat());
    const authorIds = [
      ...comments.map((c) => c.authorId),
      ...quoted.map((c) => c.authorId),
      ...replies.flatMap((r) => [r.authorId, r.replyToMemberId]),
    ];
    const author = await authorsOf(this.db, authorIds);
    const quotedById = new Map(quoted.map((comment) => [comment._id, comment]));
    const repliesByComment = new Map<string, ReplyView[]>();
    for (const reply of replies) {
      if (reply.deleted) continue;
      const list = repliesByComment.get(reply.commentId) ?? [];
      list.push(toReplyView(reply, author, NOTHING_LIKED));
      repliesByComment.set(reply.commentId, list);
    }
    const items = comments.map((comment): CommentView => ({
      commentId: comment._id,
      topicId: comment.topicId,
      floor: start + pageIds.indexOf(comment._id) + 1,
      author: author(comment.authorId),
      contentHtml: comment.contentHtml,
      quotes: (comment.quoteChain ?? []).map((quotedId) => {
        const q = quotedById.get(quotedId);
        const gone = !q || q.deleted || !q.postedAt;
        return {
          commentId: quotedId,
          author: gone ? null : author(q.authorId),
          contentHtml: gone ? '' : q.contentHtml,
          deleted: gone,
          postedAt: gone ? null : q.postedAt,
        };
      }),
      postedAt: comment.postedAt,
      editedAt: comment.editedAt ?? null,
      likeCount: comment.likeCount ?? 0,
      likedByMe: false,
      replyCount: comment.replyCount ?? 0,
      replies: repliesByComment.get(comment._id) ?? [],
    }));
    const keys = [
      topicId,
      ...(ref?.tagIds ?? []).map(tagKey),
      ...comments.map((comment) => comment._id),
      ...quoteIds,
      ...replies.map((reply) => reply._id),
      ...authorIds.filter((id): id is string => !!id).map(authorKey),
    ];
    return { ref, total: ids.length, lastPage: start + pageSize >= ids.length, items, keys };
  }

  /** A cached page as `viewer` sees it: their likes, and their own comments held for review after the last floor. */
  async commentPageFor(
    base: CommentPageBase,
    topicId: string,
    page: number,
    pageSize: number,
    viewer: Actor,
    /** The viewer's likes among `likeTargets(base)` when the caller has them already. */
    known?: Set<string>,
  ): Promise<Page<CommentView>> {
    // The viewer's own held comments follow the last floor, so only the last page (or past it) has them.
    const [liked, pending] = await Promise.all([
      known ?? this.likedBy(viewer.id, likeTargets(base)),
      base.lastPage ? this.ownPending(viewer, topicId) : [],
    ]);
    const items =
      liked.size === 0 ? base.items.map((comment) => ({ ...comment })) : withLikes(base, (target) => liked.has(target));
    if (pending.length > 0) {
      const author = await authorsOf(
        this.db,
        pending.map((p) => p.authorId),
      );
      for (const held of pending) {
        if (held.payload.kind !== 'comment') continue;
        items.push({
          commentId: held._id,
          topicId,
          floor: 0,
          author: author(held.authorId),
          contentHtml: held.payload.contentHtml,
          quotes: [],
          postedAt: held.submittedAt,
          editedAt: null,
          likeCount: 0,
          likedByMe: false,
          replyCount: 0,
          replies: [],
          pending: true,
        });
      }
    }
    return pageOf(items, page, pageSize, base.total);
  }

  /**
   * A member's comments on this topic still waiting for review (ADR 0014): one `_id` read when there are none,
   * kept in the thread cache per member (every review event names its author, ADR 0028).
   */
  async ownPending(viewer: Actor, topicId: string): Promise<SubmissionDocument[]> {
    const memberId = viewer.id;
    if (viewer.kind !== 'member' || !memberId) return [];
    const held = await this.cache.get(`pending|${memberId}`, async () => {
      const ids = await readList(this.db, 'memberPending', memberId, 'oldestFirst');
      const docs = ids.length === 0 ? [] : await rowsInOrder<SubmissionDocument>(this.db, REVIEW_QUEUE, ids);
      return { value: docs, keys: [memberId, ...ids] };
    });
    return held.filter(
      (doc) => doc.status === 'pending' && doc.payload.kind === 'comment' && doc.payload.topicId === topicId,
    );
  }

  async position(commentId: string, pageSize: number, viewer: Actor): Promise<CommentPosition> {
    const comment = await this.db.collection<CommentDocument>(COMMENTS).findOne({ _id: commentId });
    if (!comment || comment.deleted || !comment.topicId) throw new DomainError('forum.comment_not_found');
    await this.requireReadable(await this.topicRef(comment.topicId), viewer);
    const ids = await readList(this.db, 'topicComments', comment.topicId, 'oldestFirst');
    const index = ids.indexOf(commentId);
    if (index < 0) throw new DomainError('forum.comment_not_found');
    return { commentId, topicId: comment.topicId, page: Math.floor(index / pageSize) + 1, pageSize, floor: index + 1 };
  }

  async commentReplies(commentId: string, page: number, pageSize: number, viewer: Actor): Promise<Page<ReplyView>> {
    const comment = await this.db.collection<CommentDocument>(COMMENTS).findOne({ _id: commentId });
    if (!comment || comment.deleted || !comment.topicId) throw new DomainError('forum.comment_not_found');
    await this.requireReadable(await this.topicRef(comment.topicId), viewer);
    const viewerId = viewer.id;
    const ids = await readList(this.db, 'commentReplies', commentId, 'oldestFirst');
    const start = (page - 1) * pageSize;
    const replies = (await rowsInOrder<ReplyDocument>(this.db, REPLIES, ids.slice(start, start + pageSize))).filter(
      (reply) => !reply.deleted,
    );
    const liked = await this.likedBy(
      viewerId,
      replies.map((reply) => `reply.${reply._id}`),
    );
    const author = await authorsOf(
      this.db,
      replies.flatMap((r) => [r.authorId, r.replyToMemberId]),
    );
    return pageOf(
      replies.map((reply) => toReplyView(reply, author, liked)),
      page,
      pageSize,
      ids.length,
    );
  }

  async myComments(memberId: string, page: number, pageSize: number): Promise<Page<MyContentRow>> {
    const ids = await readList(this.db, 'memberComments', memberId, 'newestFirst');
    const start = (page - 1) * pageSize;
    const rows = await rowsInOrder<CommentDocument>(this.db, COMMENTS, ids.slice(start, start + pageSize));
    const titles = await this.topicTitles(rows.map((row) => row.topicId));
    const items = rows.map((row) => ({
      id: row._id,
      topicId: row.topicId,
      topicTitle: titles.get(row.topicId) ?? null,
      commentId: row._id,
      contentHtml: row.contentHtml,
      postedAt: row.postedAt,
      likeCount: row.likeCount ?? 0,
    }));
    return pageOf(items, page, pageSize, ids.length);
  }

  async myReplies(memberId: string, page: number, pageSize: number): Promise<Page<MyContentRow>> {
    const ids = await readList(this.db, 'memberReplies', memberId, 'newestFirst');
    const start = (page - 1) * pageSize;
    const rows = await rowsInOrder<ReplyDocument>(this.db, REPLIES, ids.slice(start, start + pageSize));
    const titles = await this.topicTitles(rows.map((row) => row.topicId));
    const items = rows.map((row) => ({
      id: row._id,
      topicId: row.topicId,
      topicTitle: titles.get(row.topicId) ?? null,
      commentId: row.commentId,
      contentHtml: row.contentHtml,
      postedAt: row.postedAt,
      likeCount: row.likeCount ?? 0,
    }));
    return pageOf(items, page, pageSize, ids.length);
  }

  async topicTitles(topicIds: string[]): Promise<Map<string, string>> {
    const refs = await rowsInOrder<TopicRefDocument>(this.db, TOPIC_REFS, [...new Set(topicIds)]);
    return new Map(refs.filter((ref) => !ref.deleted).map((ref) => [ref._id, ref.title]));
  }

  /**
   * A deleted topic has no comment pages; a topic in a tag the reader may not view (`topic.view` per tag)
   * shows its comments to nobody but those who may view it. One not yet projected simply has none.
   */
  private async requireReadable(ref: TopicRefDocument | null, viewer: Actor): Promise<void> {
    if (!ref) return;
    if (ref.deleted) throw new DomainError('forum.topic_not_found');
    const mayView = await this.policy.filter(viewer);
    if (!mayView(ref.tagIds ?? [])) throw new DomainError(viewer.id ? 'auth.forbidden' : 'auth.unauthorized');
  }

  private topicRef(topicId: string): Promise<TopicRefDocument | null> {
    return this.db.collection<TopicRefDocument>(TOPIC_REFS).findOne({ _id: topicId });
  }

  /** Topic refs by id (for filtering feeds by what the viewer may read). */
  async topicRefs(topicIds: string[]): Promise<Map<string, TopicRefDocument>> {
    const refs = await rowsInOrder<TopicRefDocument>(this.db, TOPIC_REFS, [...new Set(topicIds)]);
    return new Map(refs.map((ref) => [ref._id, ref]));
  }

  /** Which of `targets` (`comment.<id>`, `reply.<id>`, `topic.<id>`) the viewer likes: one `$in` read by `_id`. */
  async likedBy(viewerId: string | null, targets: string[]): Promise<Set<string>> {
    if (!viewerId || targets.length === 0) return new Set();
    const states = await this.db
      .collection<LikeStateDocument>(LIKE_STATE)
      .find({ _id: { $in: targets.map((target) => `${target}.${viewerId}`) } })
      .toArray();
    return new Set(states.filter((state) => state.liked).map((state) => `${state.targetKind}.${state.targetId}`));
  }
}

/** What a viewer may have liked on a page: `comment.<id>` and `reply.<id>` of its comments and first replies. */
export function likeTargets(base: CommentPageBase): string[] {
  return base.items.flatMap((comment) => [
    `comment.${comment.commentId}`,
    ...comment.replies.map((reply) => `reply.${reply.replyId}`),
  ]);
}

/** A page's comments and first replies, each `likedByMe` as `liked` says of its target (`likeTargets`). */
export function withLikes(base: CommentPageBase, liked: (target: string) => boolean): CommentView[] {
  return base.items.map((comment) => ({
    ...comment,
    likedByMe: liked(`comment.${comment.commentId}`),
    replies: comment.replies.map((reply) => ({ ...reply, likedByMe: liked(`reply.${reply.replyId}`) })),
  }));
}

function toReplyView(reply: ReplyDocument, author: (id: string) => ReplyView['author'], liked: Set<string>): ReplyView {
  return {
    replyId: reply._id,
    commentId: reply.commentId,
    topicId: reply.topicId,
    author: author(reply.authorId),
    replyToReplyId: reply.replyToReplyId,
    replyTo: reply.replyToMemberId ? author(reply.replyToMemberId) : null,
    contentHtml: reply.contentHtml,
    postedAt: reply.postedAt,
    editedAt: reply.editedAt ?? null,
    likeCount: reply.likeCount ?? 0,
    likedByMe: liked.has(`reply.${reply._id}`),
  };
}

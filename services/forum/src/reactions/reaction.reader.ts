import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { Page, pageOf } from '@forum/contracts';
import type { Actor, LikeTargetKind, MyFavouriteRow, MyLikeRow, ReactorRow } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PermissionChecker, plainTextSummary } from '@forum/platform';
import { authorsOf } from '../shared/authors';
import {
  COMMENTS,
  CommentDocument,
  REPLIES,
  ReplyDocument,
  TOPIC_COUNTERS,
  TopicCountersDocument,
} from '../comments/comments.projection';
import { readList, rowsInOrder } from '../shared/id-lists';
import { TOPIC_REFS, TopicRefDocument } from '../dynamics/dynamics.projection';
import { FAVOURITE_STATE, FavouriteStateDocument, LIKE_STATE, LikeStateDocument } from '../shared/reaction-state';

const SUMMARY = 80;

/** The counts a like/favourite response shows when the request changed nothing. */
export async function currentCounts(
  db: Db,
  kind: LikeTargetKind,
  targetId: string,
): Promise<{ likeCount: number; favoriteCount: number }> {
  if (kind === 'topic') {
    const counters = await db.collection<TopicCountersDocument>(TOPIC_COUNTERS).findOne({ _id: targetId });
    return { likeCount: counters?.likeCount ?? 0, favoriteCount: counters?.favoriteCount ?? 0 };
  }
  const row = await db
    .collection<{ _id: string; likeCount?: number }>(kind === 'comment' ? COMMENTS : REPLIES)
    .findOne({ _id: targetId });
  return { likeCount: row?.likeCount ?? 0, favoriteCount: 0 };
}

@Injectable()
export class ReactionsReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
  ) {}

  async myLikes(memberId: string, page: number, pageSize: number): Promise<Page<MyLikeRow>> {
    const keys = await readList(this.db, 'memberLikes', memberId, 'newestFirst', false);
    const start = (page - 1) * pageSize;
    const slice = keys.slice(start, start + pageSize).map((key) => {
      const [kind, targetId] = key.split(':') as [LikeTargetKind, string];
      return { kind, targetId };
    });
    const states = await rowsInOrder<LikeStateDocument>(
      this.db,
      LIKE_STATE,
      slice.map(({ kind, targetId }) => `${kind}.${targetId}.${memberId}`),
    );
    const [comments, replies, refs] = await Promise.all([
      rowsInOrder<CommentDocument>(
        this.db,
        COMMENTS,
        slice.filter((s) => s.kind === 'comment').map((s) => s.targetId),
      ),
      rowsInOrder<ReplyDocument>(
        this.db,
        REPLIES,
        slice.filter((s) => s.kind === 'reply').map((s) => s.targetId),
      ),
      rowsInOrder<TopicRefDocument>(this.db, TOPIC_REFS, [...new Set(states.map((s) => s.topicId))]),
    ]);
    const content = new Map<string, string>([
      ...comments.map((c) => [`comment.${c._id}`, c.deleted ? '' : c.contentHtml] as const),
      ...replies.map((r) => [`reply.${r._id}`, r.deleted ? '' : r.contentHtml] as const),
    ]);
    const titles = new Map(refs.filter((ref) => !ref.deleted).map((ref) => [ref._id, ref.title]));
    const items = states
      .filter((state) => state.liked)
      .map((state) => {
        const title = titles.get(state.topicId) ?? null;
        const html = content.get(`${state.targetKind}.${state.targetId}`);
        return {
          targetKind: state.targetKind as LikeTargetKind,
          targetId: state.targetId,
          topicId: state.topicId,
          topicTitle: title,
          summary: state.targetKind === 'topic' ? (title ?? '') : plainTextSummary(html ?? '', SUMMARY),
          likedAt: state.at,
        };
      });
    return pageOf(items, page, pageSize, keys.length);
  }

  async myFavourites(memberId: string, page: number, pageSize: number): Promise<Page<MyFavouriteRow>> {
    const topicIds = await readList(this.db, 'memberFavourites', memberId, 'newestFirst', false);
    const start = (page - 1) * pageSize;
    const slice = topicIds.slice(start, start + pageSize);
    const [states, refs] = await Promise.all([
      rowsInOrder<FavouriteStateDocument>(
        this.db,
        FAVOURITE_STATE,
        slice.map((id) => `topic.${id}.${memberId}`),
      ),
      rowsInOrder<TopicRefDocument>(this.db, TOPIC_REFS, slice),
    ]);
    const titles = new Map(refs.filter((ref) => !ref.deleted).map((ref) => [ref._id, ref.title]));
    const items = states
      .filter((state) => state.favourited)
      .map((state) => ({
        topicId: state.topicId,
        topicTitle: titles.get(state.topicId) ?? null,
        favouritedAt: state.at,
      }));
    return pageOf(items, page, pageSize, topicIds.length);
  }

  /** Who liked (or favourited) a topic: its author and staff holding `content.manage` only. */
  async reactors(
    list: 'topicLikers' | 'topicFavouriters',
    topicId: string,
    viewer: Actor,
    page: number,
    pageSize: number,
  ): Promise<Page<ReactorRow>> {
    const ref = await this.db.collection<TopicRefDocument>(TOPIC_REFS).findOne({ _id: topicId });
    if (!ref || ref.deleted) throw new DomainError('forum.topic_not_found');
    const manager = async () => viewer.kind === 'staff' && (await this.permissions.can(viewer, 'content.manage'));
    if (viewer.id !== ref.authorId && !(await manager())) throw new DomainError('auth.forbidden');
    const memberIds = await readList(this.db, list, topicId, 'newestFirst', false);
    const start = (page - 1) * pageSize;
    const slice = memberIds.slice(start, start + pageSize);
    const states =
      list === 'topicLikers'
        ? (
            await rowsInOrder<LikeStateDocument>(
              this.db,
              LIKE_STATE,
              slice.map((m) => `topic.${topicId}.${m}`),
            )
          )
            .filter((s) => s.liked)
            .map((s) => ({ memberId: s.memberId, at: s.at }))
        : (
            await rowsInOrder<FavouriteStateDocument>(
              this.db,
              FAVOURITE_STATE,
              slice.map((m) => `topic.${topicId}.${m}`),
            )
          )
            .filter((s) => s.favourited)
            .map((s) => ({ memberId: s.memberId, at: s.at }));
    const author = await authorsOf(
      this.db,
      states.map((s) => s.memberId),
    );
    return pageOf(
      states.map((s) => ({ member: author(s.memberId), at: s.at })),
      page,
      pageSize,
      memberIds.length,
    );
  }
}

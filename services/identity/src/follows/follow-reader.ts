import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { FollowListRow, Page } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import {
  countIds,
  FOLLOW_COUNTS,
  FOLLOW_PAIRS,
  FOLLOW_ROWS,
  FollowPairDocument,
  FollowRowDocument,
  FollowSide,
  pairId,
  rowPrefix,
} from '../projections/follows.projection';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';

/** The follows controller's answer rows: a public read view (ADR 0047). */
export type { FollowListRow };

/** Reads of the follows read model: counts (a sum over the count buckets), "followed by me", the lists. */
@Injectable()
export class FollowReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async counts(memberId: string): Promise<{ followerCount: number; followingCount: number }> {
    const ids = [...countIds(memberId, 'followers'), ...countIds(memberId, 'following')];
    const buckets = await this.db
      .collection<{ _id: string; n: number }>(FOLLOW_COUNTS)
      .find({ _id: { $in: ids } }, { projection: { n: 1 } })
      .toArray();
    let followerCount = 0;
    let followingCount = 0;
    for (const bucket of buckets) {
      if (bucket._id.startsWith(rowPrefix(memberId, 'followers'))) followerCount += bucket.n;
      else followingCount += bucket.n;
    }
    return { followerCount, followingCount };
  }

  async follows(followerId: string | null, followeeId: string): Promise<boolean> {
    if (!followerId || followerId === followeeId) return false;
    const pair = await this.db
      .collection<FollowPairDocument>(FOLLOW_PAIRS)
      .findOne({ _id: pairId(followerId, followeeId) });
    return pair?.following === true;
  }

  /**
   * Newest first: one `_id` range of the member's rows (an index range on MongoDB). The total is the maintained
   * count, not a count of rows.
   */
  async list(memberId: string, side: FollowSide, page: number, pageSize: number): Promise<Page<FollowListRow>> {
    const prefix = rowPrefix(memberId, side);
    const [rows, counts] = await Promise.all([
      this.db
        .collection<FollowRowDocument>(FOLLOW_ROWS)
        .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` }, active: true })
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.counts(memberId),
    ]);
    const members = await this.db
      .collection<MemberDocument>(MEMBERS)
      .find({ _id: { $in: rows.map((row) => row.otherId) } })
      .toArray();
    const byId = new Map(members.map((member) => [member._id, member]));
    const items = rows.map((row): FollowListRow => {
      const member = byId.get(row.otherId);
      const cancelled = member?.cancelled === true || member?.state === 'cancelled';
      return {
        memberId: row.otherId,
        nickname: cancelled ? null : (member?.nickname ?? null),
        avatarUrl: cancelled ? null : (member?.avatarUrl ?? null),
        cancelled,
        followedAt: row.followedAt,
      };
    });
    const total = side === 'followers' ? counts.followerCount : counts.followingCount;
    return pageOf(items, page, pageSize, total);
  }
}

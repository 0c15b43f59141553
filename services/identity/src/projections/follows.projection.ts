import { createHash } from 'node:crypto';
import type { EventEnvelope, FollowEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/** `<followerId>_<followeeId>` → whether the pair follows now: "followed by me" is one read by `_id`. */
export const FOLLOW_PAIRS = 'follow_pairs';
/**
 * One row per follow per side, `_id` = `<memberId>|<side>|<followedAt>|<otherId>`: a member's list is one `_id`
 * range, newest first by `_id`. An unfollow marks its row inactive (a version-guarded write, so a redelivered
 * follow cannot bring it back); a later follow of the same pair is a new row.
 */
export const FOLLOW_ROWS = 'follow_rows';
/**
 * Counts in buckets: `<memberId>|<side>|<bucket>`, each fed once per follow-stream version (`updateOnce`). The
 * bucket is chosen by the other member, so no single document remembers more than 1/COUNT_BUCKETS of a
 * popular member's followers; the count is the sum of at most COUNT_BUCKETS small documents read by `_id`.
 */
export const FOLLOW_COUNTS = 'follow_counts';
export const COUNT_BUCKETS = 32;

export type FollowSide = 'followers' | 'following';

export interface FollowPairDocument {
  _id: string;
  following: boolean;
}

export interface FollowRowDocument {
  _id: string;
  memberId: string;
  otherId: string;
  followedAt: string;
  active: boolean;
}

export function pairId(followerId: string, followeeId: string): string {
  return `${followerId}_${followeeId}`;
}

export function rowPrefix(memberId: string, side: FollowSide): string {
  return `${memberId}|${side}|`;
}

export function countIds(memberId: string, side: FollowSide): string[] {
  return Array.from({ length: COUNT_BUCKETS }, (_, bucket) => `${memberId}|${side}|${bucket}`);
}

function bucketOf(otherId: string): number {
  return createHash('sha256').update(otherId).digest().readUInt32BE(0) % COUNT_BUCKETS;
}

export const followsProjection: ProjectionDefinition = {
  name: 'follows',
  version: 1,
  topics: ['identity.follow'],
  collections: [FOLLOW_PAIRS, FOLLOW_ROWS, FOLLOW_COUNTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & FollowEvent;
    const { followerId, followeeId } = event.data;
    const following = event.type === 'MemberFollowed';
    const followedAt = event.type === 'MemberFollowed' ? event.data.at : event.data.followedAt;
    writer.upsertVersioned(FOLLOW_PAIRS, pairId(followerId, followeeId), envelope, { $set: { following } });
    for (const [memberId, side, otherId] of [
      [followeeId, 'followers', followerId],
      [followerId, 'following', followeeId],
    ] as const) {
      writer.upsertVersioned(FOLLOW_ROWS, `${rowPrefix(memberId, side)}${followedAt}|${otherId}`, envelope, {
        $set: { memberId, otherId, followedAt, active: following },
      });
      writer.updateOnce(
        FOLLOW_COUNTS,
        `${memberId}|${side}|${bucketOf(otherId)}`,
        envelope,
        { $inc: { n: following ? 1 : -1 } },
        { upsert: true },
      );
    }
  },
};

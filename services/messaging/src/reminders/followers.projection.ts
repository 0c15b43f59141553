import type { EventEnvelope, FollowEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * Messaging's own copy of who follows whom, `_id` = `<followeeId>|<followerId>`: a member's followers are one `_id`
 * range, read in pages by the follower fan-out. An unfollow marks the row inactive (version-guarded by the pair's
 * stream, so a redelivered follow cannot revive it).
 */
export const MSG_FOLLOWERS = 'msg_followers';

export interface FollowerDocument {
  _id: string;
  followerId: string;
  active: boolean;
}

export const followersProjection: ProjectionDefinition = {
  name: 'messaging-followers',
  version: 1,
  topics: ['identity.follow'],
  collections: [MSG_FOLLOWERS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & FollowEvent;
    const { followerId, followeeId } = event.data;
    writer.upsertVersioned(MSG_FOLLOWERS, `${followeeId}|${followerId}`, envelope, {
      $set: { followerId, active: event.type === 'MemberFollowed' },
    });
  },
};

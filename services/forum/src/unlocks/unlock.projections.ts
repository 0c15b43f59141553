import type { CommentEvent, EventEnvelope, UnlockEvent, WalletEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { UnlockGrantRecord } from './opened-blocks';

/** `_id: <topicId>:<memberId>`: what a reader unlocked on a topic, and the records the author lists. */
export const TOPIC_UNLOCKS = 'topic_unlocks';
/** `_id: <topicId>:<memberId>`: the reader commented on the topic (hidden type 20 opens). */
export const TOPIC_COMMENTERS = 'topic_commenters';
/** `_id: <memberId>`, `{points}`: each member's points after their latest points entry; absent = 0 points. */
export const MEMBER_POINTS = 'member_points';

/** One unlock: the stable ids it opened (ADR 0025); `blockIndexes` only in records written before stable ids. */
export interface UnlockRecord extends UnlockGrantRecord {
  type: number;
  pricePaid: number | null;
  at: string;
}

export interface TopicUnlockDocument {
  _id: string;
  topicId: string;
  memberId: string;
  authorId: string;
  types: number[];
  /** What decides visibility (`OpenedBlocks`): every unlock, with the blocks it opened. */
  records: UnlockRecord[];
}

export const topicUnlocksProjection: ProjectionDefinition = {
  name: 'forum-topic-unlocks',
  version: 1,
  topics: ['forum.topicUnlock'],
  collections: [TOPIC_UNLOCKS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & UnlockEvent;
    if (event.type !== 'HiddenContentUnlocked') return;
    const { topicId, memberId, authorId, type, blockIds, legacyBlockIndexes, pricePaid, at } = event.data;
    const legacy = legacyBlockIndexes?.length ? { legacyBlockIndexes } : {};
    writer.upsertVersioned(TOPIC_UNLOCKS, `${topicId}:${memberId}`, envelope, {
      $set: { topicId, memberId, authorId },
      $addToSet: { types: type },
      $push: { records: { type, blockIds, ...legacy, pricePaid, at } } as never,
    });
  },
};

export const topicCommentersProjection: ProjectionDefinition = {
  name: 'forum-topic-commenters',
  version: 1,
  topics: ['forum.comment'],
  collections: [TOPIC_COMMENTERS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & CommentEvent;
    if (event.type !== 'CommentPosted') return;
    const { topicId, authorId, postedAt } = event.data;
    // Several comments by one member on one topic: one `_src` entry each, bounded and small.
    writer.updateOnce(
      TOPIC_COMMENTERS,
      `${topicId}:${authorId}`,
      envelope,
      { $set: { topicId, memberId: authorId }, $min: { firstAt: postedAt } },
      { upsert: true },
    );
  },
};

/**
 * A member's points as the wallet last booked them (hidden type 30 opens when they reach the block's figure): the
 * wallet's points entries carry the points after them, so this copies, never sums.
 */
export const memberPointsProjection: ProjectionDefinition = {
  name: 'forum-member-points',
  version: 1,
  topics: ['wallet.wallet'],
  collections: [MEMBER_POINTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & WalletEvent;
    if (event.type !== 'PointsCredited' && event.type !== 'PointsDebited') return;
    writer.upsertVersioned(MEMBER_POINTS, event.data.memberId, envelope, { $set: { points: event.data.pointsAfter } });
  },
};

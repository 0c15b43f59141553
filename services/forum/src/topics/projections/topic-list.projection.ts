import type { CounterEvent, EventEnvelope, TopicEvent, UnlockEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { Db } from 'mongodb';
import { HiddenBlock, parseHiddenBlocks, plainTextSummary } from '@forum/platform';

/**
 * One document per topic, keyed by the topic id: everything lists and the detail page show. It holds the full
 * sanitized content WITH hidden blocks (server-side only): every response is built by `topic-views.ts`, which
 * redacts for the reader; `summary` never contains hidden content. Fetched by `_id` (`$in` for a page of rows).
 */
export const TOPIC_LIST = 'topic_list';
export const SUMMARY_LENGTH = 200;

export interface TopicDocument {
  _id: string;
  _version?: number;
  title: string;
  content: string;
  summary: string;
  tagIds: string[];
  authorId: string;
  isStaff: boolean;
  ipLocation: string | null;
  postedAt: string;
  editedAt: string | null;
  deleted: boolean;
  pinWeight: number;
  essence: boolean;
  /** Block metadata incl. values (passwords, prices) and stable ids (null before ADR 0025): never sent as is. */
  hiddenBlocks: HiddenBlock[];
  redEnvelopeId?: string | null;
  commentCount: number;
  replyCount: number;
  likeCount: number;
  favoriteCount: number;
  unlockCount: number;
  lastReplyAt: string | null;
}

function contentFields(content: string) {
  return { content, summary: plainTextSummary(content, SUMMARY_LENGTH), hiddenBlocks: parseHiddenBlocks(content) };
}

export const topicListProjection: ProjectionDefinition = {
  name: 'topic-list',
  version: 2,
  topics: ['forum.topic', 'forum.topicCounters', 'forum.topicUnlock'],
  collections: [TOPIC_LIST],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (TopicEvent | CounterEvent | UnlockEvent);
    switch (event.type) {
      case 'TopicPosted': {
        const { topicId, title, content, tagIds, authorId, postedAt, isStaff, ipLocation } = event.data;
        const redEnvelopeId = event.data.redEnvelopeId ?? null;
        writer.upsertVersioned(TOPIC_LIST, topicId, envelope, {
          // The topic's first event: its own fields start here, whatever arrived before it.
          $set: {
            title,
            ...contentFields(content),
            tagIds,
            authorId,
            postedAt,
            isStaff,
            ipLocation,
            redEnvelopeId,
            editedAt: null,
            deleted: false,
            pinWeight: 0,
            essence: false,
          },
          // Counters come from other streams and may have arrived first (seen after a broker was killed): `$inc` by
          // 0 and `$max` of null create what is missing and keep what is there, as `$setOnInsert` would not.
          $inc: { commentCount: 0, replyCount: 0, likeCount: 0, favoriteCount: 0, unlockCount: 0 },
          $max: { lastReplyAt: null },
        });
        return;
      }
      case 'TopicEdited': {
        const { topicId, title, content, tagIds, editedAt } = event.data;
        writer.upsertVersioned(TOPIC_LIST, topicId, envelope, {
          $set: { title, ...contentFields(content), tagIds, editedAt },
        });
        return;
      }
      case 'TopicDeleted':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, { $set: { deleted: true } });
        return;
      case 'TopicRestored':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, { $set: { deleted: false } });
        return;
      case 'TopicPinned':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, { $set: { pinWeight: event.data.weight } });
        return;
      case 'TopicUnpinned':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, { $set: { pinWeight: 0 } });
        return;
      case 'TopicEssenceSet':
      case 'TopicEssenceCleared':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, {
          $set: { essence: event.type === 'TopicEssenceSet' },
        });
        return;
      case 'TopicCountersChanged': {
        // Absolute values from the topic's counter stream: one `_src` entry per topic (no fan-in).
        const { topicId, commentCount, replyCount, likeCount, favoriteCount, lastReplyAt } = event.data;
        writer.updateOnce(
          TOPIC_LIST,
          topicId,
          envelope,
          { $set: { commentCount, replyCount, likeCount, favoriteCount, lastReplyAt } },
          { upsert: true },
        );
        return;
      }
      case 'HiddenContentUnlocked':
        // One entry per (topic, reader) unlock stream: bounded by the topic's unlockers.
        writer.updateOnce(TOPIC_LIST, event.data.topicId, envelope, { $inc: { unlockCount: 1 } }, { upsert: true });
        return;
    }
  },
  async createIndexes(db: Db, physical: (collection: string) => string) {
    // Used by real MongoDB for "my topics" and deep pages; the stand-in accepts and ignores them (INFRA-NOTES).
    await db.collection(physical(TOPIC_LIST)).createIndex({ authorId: 1, _id: -1 }, { name: 'by_author' });
  },
};

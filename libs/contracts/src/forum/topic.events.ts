import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const TOPIC = { context: 'forum', aggregate: 'topic' } as const;

/**
 * A topic (stream `topic-<id>`). `content` is the sanitized HTML including hidden blocks in full: the event log
 * is private to the server, and every read model or response that leaves it redacts locked blocks. `mentions`
 * are member ids resolved from `@nickname`; `ipLocation` is the poster's region only (never the IP).
 */
export const TopicPosted = defineEvent({
  ...TOPIC,
  type: 'TopicPosted',
  schema: z.object({
    topicId: z.string(),
    title: z.string(),
    content: z.string(),
    tagIds: z.array(z.string()),
    authorId: z.string(),
    postedAt: z.string(),
    isStaff: z.boolean().default(false),
    ipLocation: z.string().nullable().default(null),
    mentions: z.array(z.string()).default([]),
    /** The red envelope sent with the topic (wallet stream `envelope-<id>`), frozen before this was written. */
    redEnvelopeId: z.string().nullable().optional(),
  }),
});

/** The whole new title, content and tags (by the author or staff). */
export const TopicEdited = defineEvent({
  ...TOPIC,
  type: 'TopicEdited',
  schema: z.object({
    topicId: z.string(),
    title: z.string(),
    content: z.string(),
    tagIds: z.array(z.string()),
    mentions: z.array(z.string()),
    by: z.string(),
    editedAt: z.string(),
  }),
});

/** Lists and detail hide a deleted topic; staff can restore it. Its red envelope's unclaimed rest is refunded. */
export const TopicDeleted = defineEvent({
  ...TOPIC,
  type: 'TopicDeleted',
  schema: z.object({
    topicId: z.string(),
    authorId: z.string(),
    by: z.string(),
    deletedAt: z.string(),
    redEnvelopeId: z.string().nullable().optional(),
  }),
});

export const TopicRestored = defineEvent({
  ...TOPIC,
  type: 'TopicRestored',
  schema: z.object({ topicId: z.string(), authorId: z.string(), by: z.string(), restoredAt: z.string() }),
});

/** Pinned topics come first on the home list, higher `weight` first. */
export const TopicPinned = defineEvent({
  ...TOPIC,
  type: 'TopicPinned',
  schema: z.object({ topicId: z.string(), weight: z.number().int().min(1), by: z.string(), at: z.string() }),
});

export const TopicUnpinned = defineEvent({
  ...TOPIC,
  type: 'TopicUnpinned',
  schema: z.object({ topicId: z.string(), by: z.string(), at: z.string() }),
});

export const TopicEssenceSet = defineEvent({
  ...TOPIC,
  type: 'TopicEssenceSet',
  schema: z.object({ topicId: z.string(), by: z.string(), at: z.string() }),
});

export const TopicEssenceCleared = defineEvent({
  ...TOPIC,
  type: 'TopicEssenceCleared',
  schema: z.object({ topicId: z.string(), by: z.string(), at: z.string() }),
});

export type TopicEvent =
  | EventOf<typeof TopicPosted>
  | EventOf<typeof TopicEdited>
  | EventOf<typeof TopicDeleted>
  | EventOf<typeof TopicRestored>
  | EventOf<typeof TopicPinned>
  | EventOf<typeof TopicUnpinned>
  | EventOf<typeof TopicEssenceSet>
  | EventOf<typeof TopicEssenceCleared>;

import { Injectable } from '@nestjs/common';
import { streamId } from '@forum/contracts';
import type { EventEnvelope, LikeEvent } from '@forum/contracts';
import { reactionMeta } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { EventStore, HandleResult } from '@forum/event-store';
import { ReactorHost } from '@forum/platform';
import { topicListProjection } from '../topics/projections/topic-list.projection';
import { CountedEvent, likeCounterDecider, topicCountersDecider } from './topic-counters.decider';

export const COUNTER_REACTOR = 'forum-counters';

/**
 * Projections that read `forum.topicCounters` and that a write waits for (read your writes): this part's
 * `topic_counters` and comment documents, and the topic list / detail documents of the topics part.
 */
export const COUNTER_READERS: string[] = ['forum-comments', topicListProjection.name];

const COUNTED = new Set([
  'CommentPosted',
  'CommentDeleted',
  'CommentRestored',
  'ReplyPosted',
  'ReplyDeleted',
  'ReplyRestored',
  'ContentLiked',
  'ContentUnliked',
  'TopicFavourited',
  'TopicUnfavourited',
]);

/**
 * Keeps every topic's counters (and every comment's / reply's like count) as absolute values in their own
 * streams. A command handler calls `count` right after its own append, so the response and the next read
 * already see the new counts; the reactor consumes the same events from Kafka and calls `count` again, which
 * the event store answers from the idempotency key (the source event id) without appending — it only does
 * real work when a process died between the append and the inline count.
 */
@Injectable()
export class TopicCounters {
  constructor(private readonly store: EventStore) {}

  async count(source: EventEnvelope): Promise<HandleResult | null> {
    if (!COUNTED.has(source.type)) return null;
    const event = source as EventEnvelope & CountedEvent;
    const meta = reactionMeta(COUNTER_REACTOR, source);
    if ((event.type === 'ContentLiked' || event.type === 'ContentUnliked') && event.data.targetKind !== 'topic') {
      const like = event as EventEnvelope & LikeEvent;
      return this.store.handle(
        likeCounterDecider,
        streamId('likeCounter', `${like.data.targetKind}.${like.data.targetId}`),
        { type: 'Count', source: { id: source.id, type: like.type, data: like.data } as never },
        meta,
      );
    }
    const topicId = event.data.topicId;
    return this.store.handle(
      topicCountersDecider,
      streamId('topicCounters', topicId),
      { type: 'Count', topicId, source: { id: source.id, type: event.type, data: event.data } as never },
      meta,
    );
  }

  reactor(): ReactorDefinition {
    return {
      name: COUNTER_REACTOR,
      version: 1,
      topics: ['forum.comment', 'forum.reply', 'forum.like', 'forum.favourite'],
      // Counts are order-free (see the decider) and one counter stream's commands queue in the event store in
      // the order they are issued, so many events go at once (one at a time, each count waited for three round
      // trips before the next began).
      parallelism: { partitions: 3, events: 64 },
      handle: async (event) => {
        await this.count(event);
      },
    };
  }
}

/** Runs the counter reactor in processes that run workers (`RUN_WORKERS`), like the projection runners. */
@Injectable()
export class CounterReactorRuntime extends ReactorHost {
  constructor(private readonly counters: TopicCounters) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [this.counters.reactor()];
  }
}

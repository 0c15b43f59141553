import type { EventEnvelope, TopicEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const TOPIC_DAILY_STATS = 'topic_daily_stats';

/**
 * A day's count is spread over this many documents, picked by the topic id's random last hex digits: each
 * remembers the topics it counted (`updateOnce`, exact under redelivery), and one document for a whole day
 * remembered every topic of the day. At 10,000 topics it took seconds per write on the stand-in (each update
 * copies the document), and a day of a million would pass MongoDB's 16 MiB document limit.
 */
export const DAY_SHARDS = 256;

export const dayShardId = (day: string, shard: number) => `${day}#${shard.toString(16).padStart(2, '0')}`;

/** Per day (UTC): how many topics were posted, in DAY_SHARDS small documents (`<date>#<shard>`). */
export const topicStatsProjection: ProjectionDefinition = {
  name: 'topic-stats',
  version: 2,
  topics: ['forum.topic'],
  collections: [TOPIC_DAILY_STATS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & TopicEvent;
    if (event.type === 'TopicPosted') {
      writer.updateOnce(
        TOPIC_DAILY_STATS,
        dayShardId(dayOf(event.data.postedAt), Number.parseInt(event.data.topicId.slice(-2), 16) % DAY_SHARDS),
        envelope,
        { $inc: { posted: 1 } },
        { upsert: true },
      );
    }
  },
};

export function dayOf(isoTime: string): string {
  return isoTime.slice(0, 10);
}

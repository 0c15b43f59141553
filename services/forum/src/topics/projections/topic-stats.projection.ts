import type { EventEnvelope, TopicEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const TOPIC_DAILY_STATS = 'topic_daily_stats';

/** Per day (UTC): how many topics were posted. One small document per day, keyed by the date. */
export const topicStatsProjection: ProjectionDefinition = {
  name: 'topic-stats',
  version: 1,
  topics: ['forum.topic'],
  collections: [TOPIC_DAILY_STATS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & TopicEvent;
    if (event.type === 'TopicPosted') {
      writer.updateOnce(
        TOPIC_DAILY_STATS,
        dayOf(event.data.postedAt),
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

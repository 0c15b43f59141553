import type { EventEnvelope, TopicEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { TopicRow } from '../topic.schemas';

export const TOPIC_LIST = 'topic_list';
const SUMMARY_LENGTH = 200;

/** Stored row: `_id` is the topic id, a UUIDv7, so sorting by `_id` is newest-first without another index. */
export type TopicListDocument = Omit<TopicRow, 'topicId'> & { _id: string; _version?: number };

export const topicListProjection: ProjectionDefinition = {
  name: 'topic-list',
  version: 1,
  topics: ['forum.topic'],
  collections: [TOPIC_LIST],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & TopicEvent;
    switch (event.type) {
      case 'TopicPosted':
        writer.upsertVersioned(TOPIC_LIST, event.data.topicId, envelope, {
          $set: {
            title: event.data.title,
            summary: event.data.content.slice(0, SUMMARY_LENGTH),
            tagIds: event.data.tagIds,
            authorId: event.data.authorId,
            postedAt: event.data.postedAt,
          },
          $setOnInsert: { commentCount: 0, likeCount: 0, viewCount: 0 },
        });
        return;
    }
  },
};

export function toTopicRow(document: TopicListDocument): TopicRow {
  return {
    topicId: document._id,
    title: document.title,
    summary: document.summary,
    tagIds: document.tagIds,
    authorId: document.authorId,
    postedAt: document.postedAt,
    commentCount: document.commentCount,
    likeCount: document.likeCount,
    viewCount: document.viewCount,
  };
}

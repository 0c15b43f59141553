import { Injectable } from '@nestjs/common';
import { streamId } from '@forum/contracts';
import type { TopicEvent } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';

export interface TopicSource {
  topicId: string;
  authorId: string;
  title: string;
  content: string;
  tagIds: string[];
  deleted: boolean;
}

/**
 * A topic's current content from its event stream (the source of truth, read by `_id`): unlocking checks the
 * password against the content as it is now, even if the read model has not caught up with an edit.
 */
@Injectable()
export class TopicSources {
  constructor(private readonly store: EventStore) {}

  async live(topicId: string): Promise<TopicSource> {
    const events = (await this.store.readStream(streamId('topic', topicId))) as unknown as TopicEvent[];
    let source = null as TopicSource | null;
    for (const event of events) {
      if (event.type === 'TopicPosted') {
        const { authorId, title, content, tagIds } = event.data;
        source = { topicId, authorId, title, content, tagIds, deleted: false };
      } else if (source && event.type === 'TopicEdited') {
        source = { ...source, title: event.data.title, content: event.data.content, tagIds: event.data.tagIds };
      } else if (source && (event.type === 'TopicDeleted' || event.type === 'TopicRestored')) {
        source = { ...source, deleted: event.type === 'TopicDeleted' };
      }
    }
    if (!source || source.deleted) throw new DomainError('forum.topic_not_found');
    return source;
  }
}

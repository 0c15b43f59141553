import { Injectable } from '@nestjs/common';
import { streamId } from '@forum/contracts';
import type { TopicEvent } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';

export interface TopicSource {
  topicId: string;
  authorId: string;
  title: string;
  content: string;
  /** When `content` was written (the post or the last edit): names blocks of content older than stable ids. */
  since: string;
  tagIds: string[];
  deleted: boolean;
}

/**
 * A topic's current content from its event stream (the source of truth, read by `_id`): unlocking checks the
 * password against the content as it is now, even if the read model has not caught up with an edit. `asOf` (an
 * ISO time) gives the content as it was then instead (the paid-unlock healer: the blocks a payment bought), never
 * older than the post.
 */
@Injectable()
export class TopicSources {
  constructor(private readonly store: EventStore) {}

  async live(topicId: string, asOf?: string): Promise<TopicSource> {
    const events = (await this.store.readStream(streamId('topic', topicId))) as unknown as (TopicEvent & {
      occurredAt?: string;
    })[];
    let source = null as TopicSource | null;
    for (const event of events) {
      // The post always counts (a skewed clock may stamp the payment before it); later edits up to `asOf`.
      if (source && asOf && event.occurredAt && event.occurredAt > asOf) break;
      if (event.type === 'TopicPosted') {
        const { authorId, title, content, tagIds, postedAt } = event.data;
        source = { topicId, authorId, title, content, since: postedAt, tagIds, deleted: false };
      } else if (source && event.type === 'TopicEdited') {
        const { title, content, tagIds, editedAt } = event.data;
        source = { ...source, title, content, since: editedAt, tagIds };
      } else if (source && (event.type === 'TopicDeleted' || event.type === 'TopicRestored')) {
        source = { ...source, deleted: event.type === 'TopicDeleted' };
      }
    }
    if (!source || source.deleted) throw new DomainError('forum.topic_not_found');
    return source;
  }
}

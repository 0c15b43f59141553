import type { EventEnvelope, TagEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/** One document per tag; the whole tree is small (staff-made), so readers load it all. */
export const FORUM_TAGS = 'forum_tags';

export interface TagDocument {
  _id: string;
  name: string;
  parentId: string | null;
  sort: number;
  deleted?: boolean;
}

export const tagsProjection: ProjectionDefinition = {
  name: 'forum-tags',
  version: 1,
  topics: ['forum.tagTree'],
  collections: [FORUM_TAGS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & TagEvent;
    // The tree is one stream, so its version orders every change of every tag: `updateOnce` keyed on it.
    switch (event.type) {
      case 'TagCreated':
      case 'TagChanged': {
        const { tagId, name, parentId, sort } = event.data;
        writer.updateOnce(
          FORUM_TAGS,
          tagId,
          envelope,
          { $set: { name, parentId, sort, deleted: false } },
          { upsert: true },
        );
        return;
      }
      case 'TagDeleted':
        writer.updateOnce(FORUM_TAGS, event.data.tagId, envelope, { $set: { deleted: true } }, { upsert: true });
        return;
    }
  },
};

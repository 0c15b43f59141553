import type { EventEnvelope, TopicEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { SearchKind } from '../engine/search-engine';
import { plainTextOf } from './plain-text';

export const SEARCH_DOCUMENTS = 'search_documents';
export const SEARCH_DOCUMENTS_PROJECTION = 'search-documents';

/** One searchable thing, as every replica's index loads it. `text` never holds a hidden block. */
export interface SearchDocument {
  /** `<kind>:<id>`. */
  _id: string;
  _version?: number;
  kind: SearchKind;
  refId: string;
  title: string;
  text: string;
  tagIds: string[];
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Deleted content stays (a restore brings it back) but is not indexed. */
  deleted: boolean;
}

export const documentId = (kind: SearchKind, refId: string) => `${kind}:${refId}`;

/**
 * Which document an event of each source topic changes: the follower of every replica uses it to know what to
 * re-read once this projection has applied the event.
 */
export const SOURCES: Record<string, (event: EventEnvelope) => string | null> = {
  'forum.topic': (event) =>
    TOPIC_CHANGES.has(event.type) ? documentId('topic', (event.data as { topicId: string }).topicId) : null,
};

/** The topic events that change what search shows (pins, essence and counters do not). */
const TOPIC_CHANGES = new Set(['TopicPosted', 'TopicEdited', 'TopicDeleted', 'TopicRestored']);

/**
 * Builds `search_documents` from the content contexts' events: what the index needs and nothing locked. Each
 * document is owned by its content's stream (`_version`), so redelivery changes nothing; a rebuild
 * (`npm run rebuild -- search-documents`) replays the event store with a progress bar.
 */
export const searchDocumentsProjection: ProjectionDefinition = {
  name: SEARCH_DOCUMENTS_PROJECTION,
  version: 1,
  topics: Object.keys(SOURCES),
  collections: [SEARCH_DOCUMENTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & TopicEvent;
    const set = (id: string, fields: Partial<SearchDocument>) =>
      writer.upsertVersioned(SEARCH_DOCUMENTS, id, envelope, { $set: fields });
    switch (event.type) {
      case 'TopicPosted': {
        const { topicId, title, content, tagIds, authorId, postedAt } = event.data;
        set(documentId('topic', topicId), {
          kind: 'topic',
          refId: topicId,
          title,
          text: plainTextOf(content),
          tagIds,
          authorId,
          createdAt: postedAt,
          updatedAt: postedAt,
          deleted: false,
        });
        return;
      }
      case 'TopicEdited': {
        const { topicId, title, content, tagIds, editedAt } = event.data;
        set(documentId('topic', topicId), { title, text: plainTextOf(content), tagIds, updatedAt: editedAt });
        return;
      }
      case 'TopicDeleted':
        set(documentId('topic', event.data.topicId), { deleted: true });
        return;
      case 'TopicRestored':
        set(documentId('topic', event.data.topicId), { deleted: false });
        return;
      default:
        return;
    }
  },
};

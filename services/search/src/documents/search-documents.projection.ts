import type { EventEnvelope, HelpArticleEvent, QuestionEvent, TopicEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { SearchKind } from '../engine/search-engine';
import { plainTextOf } from './plain-text';

export const SEARCH_DOCUMENTS = 'search_documents';
export const SEARCH_DOCUMENTS_PROJECTION = 'search-documents';

/** One searchable thing, as every replica's index loads it. `text` and `addenda` never hold a hidden block. */
export interface SearchDocument {
  /** `<kind>:<id>`. */
  _id: string;
  _version?: number;
  kind: SearchKind;
  refId: string;
  title: string;
  text: string;
  /** A question's addenda (plain text, in order): searched with its text. */
  addenda?: string[];
  /** Topics: forum tags; questions: question tags; help articles: none. */
  tagIds: string[];
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Deleted content stays (a restore brings it back) but is not indexed. */
  deleted: boolean;
}

export const documentId = (kind: SearchKind, refId: string) => `${kind}:${refId}`;

/** The text a document is found by: its body and, for a question, the addenda the asker appended. */
export const searchableText = (document: Pick<SearchDocument, 'text' | 'addenda'>) =>
  document.addenda?.length ? [document.text, ...document.addenda].join(' ') : document.text;

/** The events of each source that change what search shows (pins, likes, adoptions and counters do not). */
const CHANGES: Record<string, { kind: SearchKind; types: Set<string>; id: (data: never) => string }> = {
  'forum.topic': {
    kind: 'topic',
    types: new Set(['TopicPosted', 'TopicEdited', 'TopicDeleted', 'TopicRestored']),
    id: (data: { topicId: string }) => data.topicId,
  },
  'qa.question': {
    kind: 'question',
    types: new Set([
      'QuestionAsked',
      'QuestionEdited',
      'QuestionAddendumAppended',
      'QuestionDeleted',
      'QuestionRestored',
    ]),
    id: (data: { questionId: string }) => data.questionId,
  },
  'moderation.helpArticle': {
    kind: 'help',
    types: new Set(['HelpArticlePublished', 'HelpArticleEdited', 'HelpArticleDeleted']),
    id: (data: { articleId: string }) => data.articleId,
  },
};

/**
 * Which document an event of each source topic changes: the follower of every replica uses it to know what to
 * re-read once this projection has applied the event.
 */
export const SOURCES: Record<string, (event: EventEnvelope) => string | null> = Object.fromEntries(
  Object.entries(CHANGES).map(([topic, source]) => [
    topic,
    (event: EventEnvelope) =>
      source.types.has(event.type) ? documentId(source.kind, source.id(event.data as never)) : null,
  ]),
);

/** Help articles are written as plain text (paragraphs split by blank lines) and shown as text: no markup to drop. */
const plainHelpText = (content: string) => content.replace(/\s+/g, ' ').trim();

type SourceEvent = TopicEvent | QuestionEvent | HelpArticleEvent;

/**
 * Builds `search_documents` from the content contexts' events — forum topics, Q&A questions, help center
 * articles — with what the index needs and nothing locked. Each document is owned by its content's stream
 * (`_version`), so redelivery changes nothing; a rebuild (`npm run rebuild -- search-documents`) replays the
 * event store with a progress bar.
 */
export const searchDocumentsProjection: ProjectionDefinition = {
  name: SEARCH_DOCUMENTS_PROJECTION,
  version: 2,
  topics: Object.keys(SOURCES),
  collections: [SEARCH_DOCUMENTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SourceEvent;
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
      case 'QuestionAsked': {
        const { questionId, askerId, title, content, tagIds, askedAt } = event.data;
        set(documentId('question', questionId), {
          kind: 'question',
          refId: questionId,
          title,
          text: plainTextOf(content),
          addenda: [],
          tagIds,
          authorId: askerId,
          createdAt: askedAt,
          updatedAt: askedAt,
          deleted: false,
        });
        return;
      }
      case 'QuestionEdited': {
        const { questionId, title, content, tagIds, editedAt } = event.data;
        set(documentId('question', questionId), { title, text: plainTextOf(content), tagIds, updatedAt: editedAt });
        return;
      }
      case 'QuestionAddendumAppended': {
        const { questionId, content, appendedAt } = event.data;
        const update: Record<string, unknown> = {
          $set: { updatedAt: appendedAt },
          $push: { addenda: plainTextOf(content) },
        };
        writer.upsertVersioned(SEARCH_DOCUMENTS, documentId('question', questionId), envelope, update);
        return;
      }
      case 'QuestionDeleted':
        set(documentId('question', event.data.questionId), { deleted: true });
        return;
      case 'QuestionRestored':
        set(documentId('question', event.data.questionId), { deleted: false });
        return;
      case 'HelpArticlePublished': {
        const { articleId, title, content, at } = event.data;
        set(documentId('help', articleId), {
          kind: 'help',
          refId: articleId,
          title,
          text: plainHelpText(content),
          tagIds: [],
          authorId: null,
          createdAt: at,
          updatedAt: at,
          deleted: false,
        });
        return;
      }
      case 'HelpArticleEdited': {
        const { articleId, title, content, at } = event.data;
        set(documentId('help', articleId), { title, text: plainHelpText(content), updatedAt: at });
        return;
      }
      case 'HelpArticleDeleted':
        set(documentId('help', event.data.articleId), { deleted: true });
        return;
      default:
        return;
    }
  },
};

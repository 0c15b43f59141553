import type { EventEnvelope, HelpArticleEvent, HelpCategoryEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const HELP_CATEGORIES = 'help_categories';
export const HELP_ARTICLES = 'help_articles';
export const HELP_PROJECTION = 'moderation-help';

export interface HelpCategoryDocument {
  _id: string;
  name: string;
  sort: number;
  deleted: boolean;
}

export interface HelpArticleDocument {
  _id: string;
  categoryId: string;
  title: string;
  content: string;
  sort: number;
  updatedAt: string;
  deleted: boolean;
}

/** The help center: one document per category (fed by the one categories stream) and per article. */
export const helpProjection: ProjectionDefinition = {
  name: HELP_PROJECTION,
  version: 1,
  topics: ['moderation.helpCategories', 'moderation.helpArticle'],
  collections: [HELP_CATEGORIES, HELP_ARTICLES],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (HelpCategoryEvent | HelpArticleEvent);
    switch (event.type) {
      case 'HelpCategoryCreated':
      case 'HelpCategoryChanged': {
        const { categoryId, name, sort } = event.data;
        return writer.updateOnce(
          HELP_CATEGORIES,
          categoryId,
          envelope,
          { $set: { name, sort, deleted: false } },
          { upsert: true },
        );
      }
      case 'HelpCategoryDeleted':
        return writer.updateOnce(
          HELP_CATEGORIES,
          event.data.categoryId,
          envelope,
          { $set: { deleted: true } },
          { upsert: true },
        );
      case 'HelpArticlePublished':
      case 'HelpArticleEdited': {
        const { articleId, categoryId, title, content, sort, at } = event.data;
        return writer.upsertVersioned(HELP_ARTICLES, articleId, envelope, {
          $set: { categoryId, title, content, sort, updatedAt: at, deleted: false },
        });
      }
      case 'HelpArticleDeleted':
        return writer.upsertVersioned(HELP_ARTICLES, event.data.articleId, envelope, { $set: { deleted: true } });
    }
  },
};

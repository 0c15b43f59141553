import type { HelpArticleEvent, HelpCategoryEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export const HELP_CATEGORIES_STREAM = 'helpCategories-site';

export interface HelpCategoriesState {
  categories: Record<string, { name: string; sort: number }>;
}

export type HelpCategoriesCommand =
  | { type: 'CreateHelpCategory'; categoryId: string; name: string; sort: number }
  | { type: 'ChangeHelpCategory'; categoryId: string; name?: string; sort?: number }
  | { type: 'DeleteHelpCategory'; categoryId: string; articleCount: number };

/** The help center's categories (docs/rules/moderation.md, content pages): a flat staff-made list; a category with articles is kept. */
export const helpCategoriesDecider: Decider<HelpCategoriesState, HelpCategoriesCommand, HelpCategoryEvent> = {
  name: 'helpCategories',
  initialState: () => ({ categories: {} }),
  evolve(state, event) {
    const categories = { ...state.categories };
    if (event.type === 'HelpCategoryDeleted') delete categories[event.data.categoryId];
    else categories[event.data.categoryId] = { name: event.data.name, sort: event.data.sort };
    return { categories };
  },
  decide(command, state) {
    const current = state.categories[command.categoryId];
    switch (command.type) {
      case 'CreateHelpCategory': {
        if (current) return [];
        const { categoryId, name, sort } = command;
        return [{ type: 'HelpCategoryCreated', data: { categoryId, name: name.trim(), sort } }];
      }
      case 'ChangeHelpCategory': {
        if (!current) throw new DomainError('moderation.help_category_not_found');
        const name = command.name?.trim() ?? current.name;
        return [
          {
            type: 'HelpCategoryChanged',
            data: { categoryId: command.categoryId, name, sort: command.sort ?? current.sort },
          },
        ];
      }
      case 'DeleteHelpCategory':
        if (!current) throw new DomainError('moderation.help_category_not_found');
        if (command.articleCount > 0) throw new DomainError('moderation.help_category_not_empty');
        return [{ type: 'HelpCategoryDeleted', data: { categoryId: command.categoryId } }];
    }
  },
};

export interface HelpArticleState {
  status: 'none' | 'published' | 'deleted';
}

export interface HelpArticleFields {
  categoryId: string;
  title: string;
  content: string;
  sort: number;
}

export type HelpArticleCommand =
  | ({ type: 'PublishHelpArticle' | 'EditHelpArticle'; articleId: string; by: string; now: Date } & HelpArticleFields)
  | { type: 'DeleteHelpArticle'; articleId: string; by: string; now: Date };

/** One help article: published, edited, deleted (kept as an event; gone from the help center). */
export const helpArticleDecider: Decider<HelpArticleState, HelpArticleCommand, HelpArticleEvent> = {
  name: 'helpArticle',
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: event.type === 'HelpArticleDeleted' ? 'deleted' : 'published' }),
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'PublishHelpArticle' && state.status !== 'none') return [];
    if (command.type !== 'PublishHelpArticle' && state.status !== 'published') {
      throw new DomainError('moderation.help_article_not_found');
    }
    if (command.type === 'DeleteHelpArticle') {
      return [{ type: 'HelpArticleDeleted', data: { articleId: command.articleId, by: command.by, at } }];
    }
    const { articleId, categoryId, title, content, sort, by } = command;
    const data = { articleId, categoryId, title: title.trim(), content: content.trim(), sort, by, at };
    return [{ type: command.type === 'PublishHelpArticle' ? 'HelpArticlePublished' : 'HelpArticleEdited', data }];
  },
};

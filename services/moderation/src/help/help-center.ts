import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { newId, pageOf, streamId } from '@forum/contracts';
import type { CommandMetadata, Page } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, HandleResult } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, singleLine, wholeNumber } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { HELP_CATEGORIES_STREAM, helpArticleDecider, helpCategoriesDecider } from './help.deciders';
import type { HelpArticleCommand, HelpCategoriesCommand } from './help.deciders';
import { HELP_ARTICLES, HELP_CATEGORIES, HELP_PROJECTION } from './help.projection';
import type { HelpArticleDocument, HelpCategoryDocument } from './help.projection';

export const helpCategoryBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(50)),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export const changeHelpCategoryBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(50)).optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export const helpArticleBody = z.strictObject({
  categoryId: z.string().min(1).max(64),
  title: singleLine(z.string().trim().min(1).max(150)),
  /** Plain text; paragraphs split by blank lines. */
  content: z.string().trim().min(1).max(50_000),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export const helpArticlesQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
  categoryId: z.string().max(64).optional(),
  /** Words searched in titles and contents. */
  q: z.string().trim().max(100).optional(),
});
export type HelpCategoryBody = z.infer<typeof helpCategoryBody>;
export type ChangeHelpCategoryBody = z.infer<typeof changeHelpCategoryBody>;
export type HelpArticleBody = z.infer<typeof helpArticleBody>;
export type HelpArticlesQuery = z.infer<typeof helpArticlesQuery>;

export interface HelpCategoryView {
  id: string;
  name: string;
  sort: number;
  articleCount: number;
}
export interface HelpArticleView {
  id: string;
  categoryId: string;
  title: string;
  content: string;
  sort: number;
  updatedAt: string;
}

const bySortThenName =
  <T extends { sort: number }>(key: (item: T) => string) =>
  (a: T, b: T) =>
    a.sort - b.sort || key(a).localeCompare(key(b));

/**
 * The help center (docs/rules/moderation.md, content pages): categories and articles for everyone, staff edits. It is small (staff-written),
 * so lists and search load the live articles and filter them here: search matches every word, in the title or
 * the content, case-insensitively (Chinese works too: a word is any run of characters between spaces).
 */
@Injectable()
export class HelpCenter {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async categories(): Promise<HelpCategoryView[]> {
    const [categories, articles] = await Promise.all([
      this.db.collection<HelpCategoryDocument>(HELP_CATEGORIES).find({ deleted: false }).toArray(),
      this.liveArticles(),
    ]);
    return categories.sort(bySortThenName((category) => category.name)).map((category) => ({
      id: category._id,
      name: category.name,
      sort: category.sort,
      articleCount: articles.filter((article) => article.categoryId === category._id).length,
    }));
  }

  async articles(query: HelpArticlesQuery): Promise<Page<HelpArticleView>> {
    const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = (await this.liveArticles())
      .filter((article) => !query.categoryId || article.categoryId === query.categoryId)
      .filter((article) => {
        const text = `${article.title}\n${article.content}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .sort(bySortThenName((article) => article.title));
    const start = (query.page - 1) * query.pageSize;
    const items = matching.slice(start, start + query.pageSize).map(view);
    return pageOf(items, query.page, query.pageSize, matching.length);
  }

  async article(articleId: string): Promise<HelpArticleView> {
    const found = await this.db.collection<HelpArticleDocument>(HELP_ARTICLES).findOne({ _id: articleId });
    if (!found || found.deleted) throw new DomainError('moderation.help_article_not_found');
    return view(found);
  }

  createCategory(body: HelpCategoryBody, meta: CommandMetadata) {
    return this.categoriesCommand({ type: 'CreateHelpCategory', categoryId: newId(meta.now.getTime()), ...body }, meta);
  }

  changeCategory(categoryId: string, body: ChangeHelpCategoryBody, meta: CommandMetadata) {
    return this.categoriesCommand({ type: 'ChangeHelpCategory', categoryId, ...body }, meta);
  }

  async removeCategory(categoryId: string, meta: CommandMetadata) {
    const articleCount = (await this.liveArticles()).filter((article) => article.categoryId === categoryId).length;
    return this.categoriesCommand({ type: 'DeleteHelpCategory', categoryId, articleCount }, meta);
  }

  async publish(body: HelpArticleBody, meta: CommandMetadata) {
    await this.requireCategory(body.categoryId);
    const articleId = newId(meta.now.getTime());
    return this.articleCommand(
      { type: 'PublishHelpArticle', articleId, ...body, by: staffOf(meta), now: meta.now },
      meta,
    );
  }

  async edit(articleId: string, body: HelpArticleBody, meta: CommandMetadata) {
    await this.requireCategory(body.categoryId);
    return this.articleCommand({ type: 'EditHelpArticle', articleId, ...body, by: staffOf(meta), now: meta.now }, meta);
  }

  remove(articleId: string, meta: CommandMetadata) {
    return this.articleCommand({ type: 'DeleteHelpArticle', articleId, by: staffOf(meta), now: meta.now }, meta);
  }

  private liveArticles(): Promise<HelpArticleDocument[]> {
    return this.db.collection<HelpArticleDocument>(HELP_ARTICLES).find({ deleted: false }).toArray();
  }

  private async requireCategory(categoryId: string): Promise<void> {
    const found = await this.db.collection<HelpCategoryDocument>(HELP_CATEGORIES).findOne({ _id: categoryId });
    if (!found || found.deleted) throw new DomainError('moderation.help_category_not_found');
  }

  private async categoriesCommand(command: HelpCategoriesCommand, meta: CommandMetadata) {
    const result = await this.store.handle(helpCategoriesDecider, HELP_CATEGORIES_STREAM, command, meta);
    return { id: command.categoryId, visible: await this.visible(result) };
  }

  private async articleCommand(command: HelpArticleCommand, meta: CommandMetadata) {
    const result = await this.store.handle(
      helpArticleDecider,
      streamId('helpArticle', command.articleId),
      command,
      meta,
    );
    return { id: command.articleId, visible: await this.visible(result) };
  }

  private visible(result: HandleResult): Promise<boolean> {
    return this.waiter.waitFor(
      HELP_PROJECTION,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
  }
}

function staffOf(meta: CommandMetadata): string {
  if (meta.actor.kind !== 'staff' || !meta.actor.id) throw new DomainError('auth.forbidden');
  return meta.actor.id;
}

function view(article: HelpArticleDocument): HelpArticleView {
  const { _id, categoryId, title, content, sort, updatedAt } = article;
  return { id: _id, categoryId, title, content, sort, updatedAt };
}

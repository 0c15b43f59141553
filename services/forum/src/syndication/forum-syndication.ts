import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { qaSitemapFilesCommand } from '@forum/contracts';
import type { Actor } from '@forum/contracts';
import {
  CONTEXT_DB,
  FEED_SIZE,
  lastChange,
  PeerCommands,
  SITEMAP_FILE_SIZE,
  SiteSettingsCache,
  VISITOR,
} from '@forum/platform';
import type { Feed, SitemapEntry } from '@forum/platform';
import { DomainError } from '@forum/event-store';
import { TagDirectory } from '../tags/tag-directory';
import { TOPIC_LIST, TopicDocument } from '../topics/projections/topic-list.projection';
import { TopicQueries } from '../topics/topic-queries';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import type { TopicListQuery } from '../topics/topic.schemas';

/** What the Q&A context answers about its own sitemap files (`qa.sitemapFiles`). */
export interface SitemapFiles {
  files: number;
  lastmod: string | null;
}

const SYSTEM: Actor = { kind: 'system', id: null };

/**
 * What search engines and feed readers get of the forum: only what a visitor may read (the visitor role's view
 * permission per tag, no deleted topics), never content beyond a list's summary, which holds no hidden text.
 * The site-wide index also lists the Q&A context's files, asked of that context.
 */
@Injectable()
export class ForumSyndication {
  private readonly log = new Logger(ForumSyndication.name);

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly topics: TopicQueries,
    private readonly policy: TopicViewPolicy,
    private readonly tags: TagDirectory,
    private readonly settings: SiteSettingsCache,
    private readonly peers: PeerCommands,
  ) {}

  /** `/sitemap.xml`: the fixed pages, the topic files, then the Q&A files. */
  async index(): Promise<SitemapEntry[]> {
    const [topics, questions] = await Promise.all([this.topicFiles(), this.questionFiles()]);
    return [
      { path: '/sitemap/pages.xml', lastmod: topics.lastmod },
      ...fileEntries('/sitemap/topics', topics),
      ...fileEntries('/sitemap/questions', questions),
    ];
  }

  /** Home, each tag's list a visitor may read, the Q&A list and the help center. */
  async pages(): Promise<SitemapEntry[]> {
    const [allowed, tags] = await Promise.all([this.policy.filter(VISITOR), this.tags.all()]);
    const tagPages = [...tags.keys()]
      .filter((tagId) => allowed([tagId]))
      .map((tagId) => ({ path: `/?tagId=${encodeURIComponent(tagId)}` }));
    return [{ path: '/' }, ...tagPages, { path: '/askList' }, { path: '/help' }, { path: '/termsService' }];
  }

  /** Page `file` (from 1) of the topics a visitor may read, oldest first so that a file's content stays put. */
  async topicFile(file: number): Promise<SitemapEntry[]> {
    const docs = await this.db
      .collection<TopicDocument>(TOPIC_LIST)
      .find({ deleted: false }, { projection: { tagIds: 1, postedAt: 1, editedAt: 1, lastReplyAt: 1 } })
      .sort({ _id: 1 })
      .skip((file - 1) * SITEMAP_FILE_SIZE)
      .limit(SITEMAP_FILE_SIZE)
      .toArray();
    if (file > 1 && docs.length === 0) throw new DomainError('common.not_found');
    const allowed = await this.policy.filter(VISITOR);
    return docs
      .filter((doc) => allowed(doc.tagIds))
      .map((doc) => ({
        path: `/thread?topicId=${encodeURIComponent(doc._id)}`,
        lastmod: lastChange(doc.postedAt, doc.editedAt, doc.lastReplyAt),
      }));
  }

  /** The newest topics a visitor may read, in a tag when `tagId` is given. */
  async feed(tagId: string | null): Promise<Feed> {
    const settings = this.settings.current();
    let title = settings.title;
    if (tagId) {
      const tag = (await this.tags.all()).get(tagId);
      if (!tag) throw new DomainError('forum.tag_not_found');
      title = `${tag.name} · ${settings.title}`;
    }
    // The API's own query shape: the visitor page cache keys on every field, the filter included.
    const query: TopicListQuery = { page: 1, pageSize: FEED_SIZE, filter: 'all', ...(tagId ? { tagId } : {}) };
    const page = await this.topics.list(query, VISITOR);
    const rows = [...page.items].sort((a, b) => b.postedAt.localeCompare(a.postedAt));
    return {
      title,
      description: settings.description || settings.title,
      path: tagId ? `/?tagId=${encodeURIComponent(tagId)}` : '/',
      selfPath: tagId ? `/feeds/tags/${encodeURIComponent(tagId)}.xml` : '/feeds/topics.xml',
      language: settings.defaultLanguage === 'en_US' ? 'en' : 'zh-CN',
      items: rows.map((row) => ({
        title: row.title,
        path: `/thread?topicId=${encodeURIComponent(row.topicId)}`,
        summary: row.summary,
        author: row.author.nickname ?? '',
        publishedAt: row.postedAt,
        categories: row.tags.map((tag) => tag.name),
      })),
    };
  }

  private async topicFiles(): Promise<SitemapFiles> {
    const collection = this.db.collection<TopicDocument>(TOPIC_LIST);
    const [count, newest] = await Promise.all([
      collection.countDocuments({ deleted: false }),
      collection
        .find({ deleted: false }, { projection: { postedAt: 1 } })
        .sort({ postedAt: -1 })
        .limit(1)
        .toArray(),
    ]);
    return { files: Math.max(1, Math.ceil(count / SITEMAP_FILE_SIZE)), lastmod: newest[0]?.postedAt ?? null };
  }

  /** The Q&A context's files; without it (a deployment that does not run it), none. */
  private async questionFiles(): Promise<SitemapFiles> {
    try {
      return await this.peers.execute(
        qaSitemapFilesCommand,
        {},
        { actor: SYSTEM, now: new Date(), correlationId: randomUUID() },
      );
    } catch (error) {
      this.log.warn(`the sitemap index lists no questions: ${(error as Error).message}`);
      return { files: 0, lastmod: null };
    }
  }
}

function fileEntries(prefix: string, { files, lastmod }: SitemapFiles): SitemapEntry[] {
  return Array.from({ length: files }, (_, i) => ({ path: `${prefix}/${i + 1}.xml`, lastmod }));
}

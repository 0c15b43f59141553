import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { qaSitemapFilesCommand } from '@forum/contracts';
import type { Page, QuestionRow } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, FEED_SIZE, lastChange, PeerCommands, SITEMAP_FILE_SIZE, SiteSettingsCache } from '@forum/platform';
import type { Feed, SitemapEntry } from '@forum/platform';
import { QuestionListReader } from '../questions/question-list-reader';
import { QA_QUESTIONS } from '../questions/questions.projection';
import type { QuestionDocument } from '../questions/questions.projection';

const LIVE: Filter<QuestionDocument> = { asked: true, deleted: false };

/**
 * The questions' share of the sitemap and the questions' feed: live questions only, a list's plain-text summary
 * at most. The forum's site-wide index asks how many files there are (`qa.sitemapFiles`).
 */
@Injectable()
export class QaSyndication implements OnModuleInit {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly questions: QuestionListReader,
    private readonly settings: SiteSettingsCache,
    private readonly peers: PeerCommands,
  ) {}

  onModuleInit(): void {
    this.peers.register(qaSitemapFilesCommand, () => this.files());
  }

  async files(): Promise<{ files: number; lastmod: string | null }> {
    const collection = this.db.collection<QuestionDocument>(QA_QUESTIONS);
    const [count, newest] = await Promise.all([
      collection.countDocuments(LIVE),
      collection
        .find(LIVE, { projection: { askedAt: 1 } })
        .sort({ askedAt: -1 })
        .limit(1)
        .toArray(),
    ]);
    return { files: Math.ceil(count / SITEMAP_FILE_SIZE), lastmod: newest[0]?.askedAt ?? null };
  }

  /** Page `file` (from 1) of live questions, oldest first so that a file's content stays put. */
  async file(file: number): Promise<SitemapEntry[]> {
    const docs = await this.db
      .collection<QuestionDocument>(QA_QUESTIONS)
      .find(LIVE, { projection: { askedAt: 1, editedAt: 1, lastAnswerAt: 1 } })
      .sort({ _id: 1 })
      .skip((file - 1) * SITEMAP_FILE_SIZE)
      .limit(SITEMAP_FILE_SIZE)
      .toArray();
    if (docs.length === 0) throw new DomainError('common.not_found');
    return docs.map((doc) => ({
      path: `/question?questionId=${encodeURIComponent(doc._id)}`,
      lastmod: lastChange(doc.askedAt, doc.editedAt, doc.lastAnswerAt),
    }));
  }

  async feed(): Promise<Feed> {
    const settings = this.settings.current();
    const json = await this.questions.listResponse({ filter: 'all', page: 1, pageSize: FEED_SIZE });
    const page = JSON.parse(json.toString('utf8')) as Page<QuestionRow>;
    const english = settings.defaultLanguage === 'en_US';
    return {
      title: `${english ? 'Questions' : '问答'} · ${settings.title}`,
      description: settings.description || settings.title,
      path: '/askList',
      selfPath: '/feeds/questions.xml',
      language: english ? 'en' : 'zh-CN',
      items: page.items.map((row) => ({
        title: row.title,
        path: `/question?questionId=${encodeURIComponent(row.questionId)}`,
        summary: row.summary,
        author: row.asker.nickname ?? '',
        publishedAt: row.askedAt,
        categories: row.tags.map((tag) => tag.name),
      })),
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Actor, Page, TopicDetail, TopicRow, UnlockRecordView } from '@forum/contracts';
import { authorViewOf, CONTEXT_DB } from '@forum/platform';
import { DomainError } from '@forum/event-store';
import { TOPIC_UNLOCKS, TopicUnlockDocument } from '../unlocks/unlock.projections';
import { HEAD_SIZE, ListHeadDocument, listKeys, TOPIC_LIST_HEADS } from './lists/list-heads';
import { TopicPageCache } from './lists/page-cache';
import { TopicListReader } from './lists/topic-list-reader';
import { TopicReads } from './lists/topic-reads';
import { TOPIC_LIST, TopicDocument } from './projections/topic-list.projection';
import { TopicViewPolicy } from './topic-view-policy';
import { RowBase, TopicViews } from './topic-views';
import type { PagingQuery, StaffTopicsQuery, TopicListQuery } from './topic.schemas';

const SIMILAR_MAX = 10;

/** Title words for "similar topics": latin words of 2+ letters, and CJK character pairs. */
export function titleWords(title: string): Set<string> {
  const words = new Set<string>();
  for (const word of title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Script=Han}/u.test(word)) {
      const chars = [...word];
      for (let i = 0; i + 1 < chars.length; i++) words.add(chars[i]! + chars[i + 1]!);
      if (chars.length === 1) words.add(word);
    } else if (word.length >= 2) {
      words.add(word);
    }
  }
  return words;
}

@Injectable()
export class TopicQueries {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly lists: TopicListReader,
    private readonly views: TopicViews,
    private readonly policy: TopicViewPolicy,
    private readonly reads: TopicReads,
    private readonly cache: TopicPageCache,
  ) {}

  /**
   * A visitor's page comes back as the JSON bytes themselves: every visitor sees the same page, so it is
   * serialized once per cache entry instead of once per request (serializing and encoding the page were 40 % of
   * a cached home-list request, measured).
   */
  async listResponse(query: TopicListQuery, reader: Actor): Promise<Page<TopicRow> | Buffer> {
    const list = query.tagId
      ? { kind: 'tag' as const, tagId: query.tagId }
      : query.filter === 'essence'
        ? { kind: 'essence' as const }
        : query.filter === 'hot'
          ? { kind: 'hot' as const }
          : { kind: 'home' as const };
    const key = `${JSON.stringify(list)}|${query.page}|${query.pageSize}`;
    const listKey = this.lists.keyOf(list);
    const bases = () =>
      this.cache.get(key, listKey, async () => {
        const { ids, total } = await this.lists.page(list, query.page, query.pageSize);
        return { bases: await this.views.rowBases(ids), total, topicIds: ids };
      });
    if (reader.kind !== 'visitor') return (await this.pageFor(bases(), query, reader)).page;
    // Every visitor sees the same page (the visitor role, nothing unlocked): the whole answer is cached and
    // dropped with its rows (ADR 0009), so a visitor's list costs neither a database read nor row building. A
    // change of the visitor role's permissions or of tag names shows within the cache's second.
    const { json } = await this.cache.get(`${key}|${query.filter}|visitor`, listKey, async () => {
      const { page, topicIds } = await this.pageFor(bases(), query, reader);
      return { json: Buffer.from(JSON.stringify(page)), topicIds };
    });
    return json;
  }

  /** The same list as an object, for in-process callers. */
  async list(query: TopicListQuery, reader: Actor): Promise<Page<TopicRow>> {
    const response = await this.listResponse(query, reader);
    return Buffer.isBuffer(response) ? (JSON.parse(response.toString('utf8')) as Page<TopicRow>) : response;
  }

  /** The rows of a cached page as `reader` sees them (view permission per tag, hidden blocks). */
  private async pageFor(
    cached: Promise<{ bases: RowBase[]; total: number; topicIds: string[] }>,
    query: TopicListQuery,
    reader: Actor,
  ): Promise<{ page: Page<TopicRow>; topicIds: string[] }> {
    const [{ bases, total, topicIds }, allowed] = await Promise.all([cached, this.policy.filter(reader)]);
    let rows = (await this.views.rowsFor(bases, reader)).filter((row) => allowed(row.tagIds));
    // Essence within a tag: the tag's list, keeping featured topics.
    if (query.tagId && query.filter === 'essence') rows = rows.filter((row) => row.essence);
    return { page: pageOf(rows, query.page, query.pageSize, total), topicIds };
  }

  async detail(topicId: string, reader: Actor, now: Date): Promise<TopicDetail> {
    const [detail, allowed] = await Promise.all([
      this.views.detail(topicId, reader, true),
      this.policy.filter(reader, now),
    ]);
    if (!detail) throw new DomainError('forum.topic_not_found');
    const isAuthor = reader.id !== null && reader.id === detail.authorId;
    if (!isAuthor && !allowed(detail.tagIds)) throw new DomainError('forum.topic_view_forbidden');
    if (!detail.deleted && (await this.reads.count(topicId, reader, now))) {
      detail.readCount += 1;
      detail.viewCount = detail.readCount;
    }
    return detail;
  }

  /** Topics sharing tags or title words, newest among equals; only what the reader may view. */
  async similar(topicId: string, reader: Actor): Promise<TopicRow[]> {
    const topic = (await this.views.documents([topicId])).get(topicId);
    if (!topic || topic.deleted) throw new DomainError('forum.topic_not_found');
    const keys = [...topic.tagIds.map(listKeys.tag), listKeys.home];
    const heads = await this.db
      .collection<ListHeadDocument>(TOPIC_LIST_HEADS)
      .find({ _id: { $in: keys } })
      .toArray();
    const candidates = [...new Set(heads.flatMap((head) => head.ids.slice(0, HEAD_SIZE)))].filter(
      (id) => id !== topicId,
    );
    const docs = await this.views.documents(candidates);
    const words = titleWords(topic.title);
    const tags = new Set(topic.tagIds);
    const scored = [...docs.values()]
      .filter((doc) => !doc.deleted)
      .map((doc) => {
        const sharedTags = doc.tagIds.filter((tag) => tags.has(tag)).length;
        const sharedWords = [...titleWords(doc.title)].filter((word) => words.has(word)).length;
        return { id: doc._id, score: sharedTags * 2 + sharedWords * 3 };
      })
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1))
      .slice(0, SIMILAR_MAX);
    const allowed = await this.policy.filter(reader);
    return (
      await this.views.rows(
        scored.map((entry) => entry.id),
        reader,
      )
    ).filter((row) => allowed(row.tagIds));
  }

  /** The member's own topics, newest first, with their counts (a query by author: indexed on real MongoDB). */
  async mine(paging: PagingQuery, reader: Actor): Promise<Page<TopicRow>> {
    if (!reader.id) throw new DomainError('auth.unauthorized');
    return this.byAuthor(reader.id, paging, reader);
  }

  /**
   * A member's topics for their member page, newest first. Rows in tags the reader may not view are left out of
   * the page (the total still counts them: it is the member's number of topics).
   */
  async ofMember(authorId: string, paging: PagingQuery, reader: Actor): Promise<Page<TopicRow>> {
    const [page, allowed] = await Promise.all([this.byAuthor(authorId, paging, reader), this.policy.filter(reader)]);
    return { ...page, items: page.items.filter((row) => allowed(row.tagIds)) };
  }

  private async byAuthor(authorId: string, paging: PagingQuery, reader: Actor): Promise<Page<TopicRow>> {
    const filter = { authorId, deleted: { $ne: true }, postedAt: { $exists: true } };
    const topics = this.db.collection<TopicDocument>(TOPIC_LIST);
    const [docs, total] = await Promise.all([
      topics
        .find(filter, { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .skip((paging.page - 1) * paging.pageSize)
        .limit(paging.pageSize)
        .toArray(),
      topics.countDocuments(filter),
    ]);
    return pageOf(
      await this.views.rows(
        docs.map((doc) => doc._id),
        reader,
      ),
      paging.page,
      paging.pageSize,
      total,
    );
  }

  /** The staff console's list: every topic, deleted ones too, newest first (a scan on the stand-in: staff only). */
  async staffList(query: StaffTopicsQuery, reader: Actor): Promise<Page<TopicRow>> {
    const filter: Record<string, unknown> = { postedAt: { $exists: true } };
    if (query.status !== 'all') filter.deleted = query.status === 'deleted' ? true : { $ne: true };
    if (query.authorId) filter.authorId = query.authorId;
    const topics = this.db.collection<TopicDocument>(TOPIC_LIST);
    const [docs, total] = await Promise.all([
      topics
        .find(filter, { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      topics.countDocuments(filter),
    ]);
    const rows = await this.views.rows(
      docs.map((doc) => doc._id),
      reader,
      { includeDeleted: true },
    );
    return pageOf(rows, query.page, query.pageSize, total);
  }

  /** Who unlocked the topic's hidden content, when, which type and what they paid: the author and staff only. */
  async unlocksOf(topicId: string, paging: PagingQuery, reader: Actor): Promise<Page<UnlockRecordView>> {
    const topic = (await this.views.documents([topicId])).get(topicId);
    if (!topic) throw new DomainError('forum.topic_not_found');
    if (reader.id !== topic.authorId && !(await this.views.managesContent(reader)))
      throw new DomainError('auth.forbidden');
    const docs = await this.db.collection<TopicUnlockDocument>(TOPIC_UNLOCKS).find({ topicId }).toArray();
    return this.recordsPage(docs, new Map([[topicId, topic.title]]), paging);
  }

  /** What the member unlocked, newest first. */
  async myUnlocks(paging: PagingQuery, reader: Actor): Promise<Page<UnlockRecordView>> {
    if (!reader.id) throw new DomainError('auth.unauthorized');
    const docs = await this.db.collection<TopicUnlockDocument>(TOPIC_UNLOCKS).find({ memberId: reader.id }).toArray();
    const topics = await this.views.documents([...new Set(docs.map((doc) => doc.topicId))]);
    return this.recordsPage(docs, new Map([...topics].map(([id, doc]) => [id, doc.title])), paging);
  }

  private async recordsPage(
    docs: TopicUnlockDocument[],
    titles: Map<string, string>,
    { page, pageSize }: PagingQuery,
  ): Promise<Page<UnlockRecordView>> {
    const records = docs
      .flatMap((doc) => doc.records.map((record) => ({ doc, record })))
      .sort((a, b) => (a.record.at < b.record.at ? 1 : -1));
    const slice = records.slice((page - 1) * pageSize, page * pageSize);
    const profiles = await this.views.profiles(slice.map(({ doc }) => doc.memberId));
    const items = slice.map(({ doc, record }) => {
      const { memberId, nickname, avatarUrl, cancelled } = authorViewOf(doc.memberId, profiles.get(doc.memberId));
      return {
        topicId: doc.topicId,
        topicTitle: titles.get(doc.topicId) ?? '',
        member: { memberId, nickname, avatarUrl, cancelled },
        type: record.type,
        pricePaid: record.pricePaid,
        at: record.at,
      };
    });
    return pageOf(items, page, pageSize, records.length);
  }
}

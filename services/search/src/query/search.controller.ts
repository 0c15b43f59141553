import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { Actor, Page, SearchKind, SearchResultView } from '@forum/contracts';
import {
  authorViewOf,
  CONTEXT_DB,
  CurrentActor,
  MEMBER_PROFILES,
  PermissionChecker,
  Public,
  RateLimit,
  RequiresPermission,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { SEARCH_DOCUMENTS, SearchDocument, searchableText } from '../documents/search-documents.projection';
import { IndexFollower } from '../engine/index-follower';
import type { LoadProgress } from '../engine/index-follower';
import { highlight, snippet } from './highlight';
import { HotTerm, HotTerms } from './hot-terms';
import { LINKS } from './links';

const searchQuery = z.strictObject({
  keyword: z.string().trim().min(1).max(100),
  type: z.enum(['topic', 'question', 'help']).optional(),
  tagId: z.string().min(1).max(64).optional(),
  sort: z.enum(['relevance', 'latest']).default('relevance'),
  page: wholeNumber().pipe(z.number().min(1).max(50)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(50)).default(20),
});
type SearchQueryParams = z.infer<typeof searchQuery>;

/** Who may see what: topics follow `topic.view` on every tag (as the forum decides); the rest is public. */
async function visibilityFor(permissions: PermissionChecker, reader: Actor) {
  if (reader.kind === 'system') return () => true;
  const effective = await permissions.effective(reader);
  // Staff who manage content see every tag (as in the forum); any other staff account reads as its roles allow.
  if (reader.kind === 'staff' && effective.has('content.manage')) return () => true;
  return (kind: SearchKind, tagIds: readonly string[]) => kind !== 'topic' || effective.hasOnAll('topic.view', tagIds);
}

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
    private readonly hot: HotTerms,
    private readonly follower: IndexFollower,
  ) {}

  /** One search over topics, questions and help articles (docs/rules/search.md), permission-filtered, highlighted. */
  @Public()
  @Get()
  @RateLimit({ limit: 120, windowSeconds: 60 })
  async search(
    @CurrentActor() actor: Actor,
    @ValidQuery(searchQuery) query: SearchQueryParams,
  ): Promise<Page<SearchResultView>> {
    const hits = this.follower.engine.search({
      keyword: query.keyword,
      kinds: query.type ? [query.type] : undefined,
      tagId: query.tagId,
      visible: await visibilityFor(this.permissions, actor),
      sort: query.sort,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    if (hits.total > 0) this.hot.record(query.keyword);
    const documents = await this.db
      .collection<SearchDocument>(SEARCH_DOCUMENTS)
      .find({ _id: { $in: hits.ids } })
      .toArray();
    const byId = new Map(documents.map((document) => [document._id, document]));
    const authorIds = [...new Set(documents.flatMap((document) => (document.authorId ? [document.authorId] : [])))];
    const profiles = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: authorIds } })
      .toArray();
    const profileOf = new Map(profiles.map((profile) => [profile._id, profile]));
    const items = hits.ids.flatMap((id) => {
      const document = byId.get(id);
      if (!document || document.deleted) return [];
      return [
        {
          kind: document.kind,
          id: document.refId,
          title: highlight(document.title, hits.terms),
          snippet: snippet(searchableText(document), hits.terms),
          tagIds: document.tagIds,
          createdAt: document.createdAt,
          author: document.authorId ? authorViewOf(document.authorId, profileOf.get(document.authorId)) : null,
          link: LINKS[document.kind](document.refId),
        },
      ];
    });
    return pageOf(items, query.page, query.pageSize, hits.total);
  }

  /** What people searched for most this week (only searches that found something count). */
  @Public()
  @Get('hot-terms')
  async hotTerms(): Promise<{ terms: HotTerm[] }> {
    return { terms: await this.hot.top() };
  }

  /** Staff: reloads this replica's index from `search_documents` (after `npm run rebuild -- search-documents`). */
  @Post('staff/reload')
  @HttpCode(200)
  @RequiresPermission('content.manage')
  @RateLimit({ limit: 6, windowSeconds: 60, by: 'member' })
  reload(): Promise<LoadProgress & { documents: number }> {
    return this.follower.reload().then((progress) => ({ ...progress, documents: this.follower.engine.size }));
  }
}

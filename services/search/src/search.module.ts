import { Module } from '@nestjs/common';
import {
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { searchDocumentsProjection } from './documents/search-documents.projection';
import { IndexFollower } from './engine/index-follower';
import { InMemorySearchEngine, SEARCH_ENGINE_FACTORY } from './engine/search-engine';
import type { SearchEngineFactory } from './engine/search-engine';
import { HotTerms } from './query/hot-terms';
import { SearchController } from './query/search.controller';
import { SearchPeer } from './query/search.peer';

/** Every read model of the search context (also listed for the rebuild command). */
export const SEARCH_PROJECTIONS = [
  searchDocumentsProjection,
  memberProfilesProjection('search'),
  permissionSetsProjection('search'),
];

/**
 * The search context (docs/rules/search.md): `search_documents` built from the content contexts' events (hidden blocks never
 * included), an in-memory index per replica that follows it, and the search API (ADRs 0018 and 0023).
 */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'search', projections: SEARCH_PROJECTIONS })],
  controllers: [SearchController],
  providers: [
    PermissionChecker,
    { provide: SEARCH_ENGINE_FACTORY, useValue: (() => new InMemorySearchEngine()) satisfies SearchEngineFactory },
    IndexFollower,
    HotTerms,
    SearchPeer,
  ],
})
export class SearchModule {}

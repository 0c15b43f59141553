import MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import { isHanTerm, segment } from './segmenter';

export type SearchKind = 'topic' | 'question' | 'help';

/** What the index holds of one document: the searchable text and what queries filter on. Never a locked block. */
export interface IndexedDocument {
  /** `<kind>:<id>`. */
  id: string;
  kind: SearchKind;
  title: string;
  text: string;
  /** The tags whose view permission decides who may find it (empty: everyone who may search). */
  tagIds: string[];
  createdAt: string;
}

export interface SearchQuery {
  keyword: string;
  kinds?: SearchKind[];
  tagId?: string;
  /** Whether the reader may see a document of this kind with these tags (permissions, checked per result). */
  visible: (kind: SearchKind, tagIds: readonly string[]) => boolean;
  sort: 'relevance' | 'latest';
  offset: number;
  limit: number;
}

export interface SearchHits {
  ids: string[];
  total: number;
  /** The query's words as the index sees them, for highlighting. */
  terms: string[];
}

/**
 * The search port. The built-in adapter below is an in-process index per replica; a deployment that outgrows one
 * machine's memory swaps in an adapter for an external engine (OpenSearch with a Chinese analyzer), fed by the
 * same `search_documents` read model (docs/adr).
 */
export interface SearchEngine {
  upsert(document: IndexedDocument): void;
  remove(id: string): void;
  readonly size: number;
  search(query: SearchQuery): SearchHits;
}

/** Long Latin words match by prefix (`perform` finds `performance`); Chinese words and short ones match whole. */
const prefixFor = (term: string) => term.length >= 4 && !isHanTerm(term);

/** MiniSearch (BM25 scoring over a radix tree) with the jieba segmenter; title matches count three times. */
export class InMemorySearchEngine implements SearchEngine {
  private readonly index = this.createIndex();

  /** `words` is the segmenter; the quality bench swaps in whitespace splitting as its baseline. */
  constructor(private readonly words: (text: string, mode: 'index' | 'query') => string[] = segment) {}

  private createIndex(): MiniSearch<IndexedDocument> {
    return new MiniSearch<IndexedDocument>({
      fields: ['title', 'text'],
      storeFields: ['kind', 'tagIds', 'createdAt'],
      tokenize: (text) => this.words(text, 'index'),
      processTerm: (term) => term,
      searchOptions: {
        tokenize: (text) => this.words(text, 'query'),
        processTerm: (term) => term,
        boost: { title: 3 },
        prefix: prefixFor,
      },
    });
  }

  get size(): number {
    return this.index.documentCount;
  }

  upsert(document: IndexedDocument): void {
    if (this.index.has(document.id)) this.index.replace(document);
    else this.index.add(document);
  }

  remove(id: string): void {
    if (this.index.has(id)) this.index.discard(id);
  }

  search(query: SearchQuery): SearchHits {
    const terms = this.words(query.keyword, 'query');
    if (terms.length === 0) return { ids: [], total: 0, terms };
    const filter = (result: SearchResult) => allowed(result, query);
    // Every word must match; when nothing has them all, the best partial matches are better than nothing.
    let results = this.index.search(query.keyword, { combineWith: 'AND', filter });
    if (results.length === 0 && terms.length > 1)
      results = this.index.search(query.keyword, { combineWith: 'OR', filter });
    if (query.sort === 'latest') {
      results.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
    }
    return {
      ids: results.slice(query.offset, query.offset + query.limit).map((result) => String(result.id)),
      total: results.length,
      terms,
    };
  }
}

function allowed(result: SearchResult, query: SearchQuery): boolean {
  if (query.kinds?.length && !query.kinds.includes(result.kind as SearchKind)) return false;
  const tagIds = result.tagIds as string[];
  if (query.tagId && !tagIds.includes(query.tagId)) return false;
  return query.visible(result.kind as SearchKind, tagIds);
}

/** Makes the engines of this replica: the built-in one unless a deployment provides another adapter. */
export const SEARCH_ENGINE_FACTORY = Symbol('SearchEngineFactory');
export type SearchEngineFactory = () => SearchEngine;

import { Index } from 'flexsearch';
import type { SearchKind } from '@forum/contracts';
import { segment } from './segmenter';
import { termOf } from './normalize';
import type { Words } from './normalize';

/** What the index holds: a public read view's `kind` (ADR 0047). */
export type { SearchKind };

/** What the index holds of one document: the searchable text and what queries filter on. Never a locked block. */
export interface IndexedDocument {
  /** `<kind>:<id>`. */
  id: string;
  kind: SearchKind;
  title: string;
  text: string;
  /** The tags a document carries: filters, and (for topics) whose view permission decides who may find it. */
  tagIds: string[];
  createdAt: string;
}

export interface SearchQuery {
  keyword: string;
  kinds?: SearchKind[];
  tagId?: string;
  /** Whether the reader may see a document of this kind with these tags (asked once per distinct tag set). */
  visible: (kind: SearchKind, tagIds: readonly string[]) => boolean;
  sort: 'relevance' | 'latest';
  offset: number;
  limit: number;
}

export interface SearchHits {
  ids: string[];
  total: number;
  /** The words to highlight: the query's words as typed (lower-cased) and as the index stores them. */
  terms: string[];
}

/**
 * The search port. The built-in adapter below is an in-process index per replica; a deployment that outgrows one
 * machine's memory swaps in an adapter for an external engine (OpenSearch with a Chinese analyzer), fed by the
 * same `search_documents` read model (docs/adr/0023).
 */
export interface SearchEngine {
  upsert(document: IndexedDocument): void;
  remove(id: string): void;
  readonly size: number;
  search(query: SearchQuery): SearchHits;
}

const KINDS: readonly SearchKind[] = ['topic', 'question', 'help'];
/** FlexSearch's relevance slots: 0 for a word of the title, then by how often the word is in the body. */
const RESOLUTION = 9;

/**
 * FlexSearch (an inverted index whose postings are kept in relevance slots, so the best matches are read first
 * and nothing is scored or sorted per query) with jieba segmentation and English stems. The index knows only
 * integer ids; kinds, tag sets and dates live beside it in flat arrays, so filtering a hit is a few array reads and
 * a reader's permission is asked once per distinct tag set, not once per hit.
 */
export class InMemorySearchEngine implements SearchEngine {
  private readonly index: Index;
  private readonly slots = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly alive: number[] = [];
  private readonly kinds: number[] = [];
  private readonly tagSets: number[] = [];
  private readonly created: number[] = [];
  private readonly tagSetKeys = new Map<string, number>();
  private readonly tagSetList: string[][] = [];
  private count = 0;
  /** Scores of the document being added, by term (FlexSearch asks through `score` while it adds). */
  private scoring: Map<string, number> | null = null;

  /**
   * `words` is the segmenter and `term` what a word is indexed as (its stem); the quality bench swaps in
   * whitespace splitting and unstemmed words as its baselines.
   */
  constructor(
    private readonly words: Words = segment,
    private readonly term: (word: string) => string = termOf,
  ) {
    this.index = new Index({
      tokenize: 'strict',
      resolution: RESOLUTION,
      fastupdate: true,
      // Terms arrive already segmented and stemmed, separated by spaces (no term contains one).
      encode: (text: string) => (text ? text.split(' ') : []),
      score: (_content, term) => this.scoring?.get(term) ?? RESOLUTION - 1,
    });
  }

  get size(): number {
    return this.count;
  }

  private terms(text: string, mode: 'index' | 'query'): string[] {
    return this.words(text, mode).map(this.term);
  }

  upsert(document: IndexedDocument): void {
    let slot = this.slots.get(document.id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.slots.set(document.id, slot);
      this.ids.push(document.id);
      this.alive.push(0);
      this.kinds.push(0);
      this.tagSets.push(0);
      this.created.push(0);
    }
    const title = this.terms(document.title, 'index');
    const body = this.terms(document.text, 'index');
    const scores = new Map<string, number>();
    for (const term of title) scores.set(term, 0);
    const frequency = new Map<string, number>();
    for (const term of body) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    for (const [term, times] of frequency) {
      // A body word scores by how often it is there, relative to the body's length (BM25's two ideas, bucketed).
      if (!scores.has(term))
        scores.set(term, Math.max(1, RESOLUTION - 1 - Math.round((times * 40) / (body.length + 20))));
    }
    this.scoring = scores;
    try {
      if (this.alive[slot]) this.index.update(slot, [...scores.keys()].join(' '));
      else this.index.add(slot, [...scores.keys()].join(' '));
    } finally {
      this.scoring = null;
    }
    if (!this.alive[slot]) this.count++;
    this.alive[slot] = 1;
    this.kinds[slot] = KINDS.indexOf(document.kind);
    this.tagSets[slot] = this.tagSetOf(document.tagIds);
    this.created[slot] = Date.parse(document.createdAt) || 0;
  }

  remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined || !this.alive[slot]) return;
    this.index.remove(slot);
    this.alive[slot] = 0;
    this.count--;
  }

  search(query: SearchQuery): SearchHits {
    const typed = this.words(query.keyword, 'query');
    const terms = [...new Set(typed.map(this.term))];
    const highlightTerms = [...new Set([...typed, ...terms])];
    if (terms.length === 0) return { ids: [], total: 0, terms: highlightTerms };
    const keep = this.filterFor(query);
    const text = terms.join(' ');
    // Every word must match; when nothing has them all, the best partial matches are better than nothing.
    let hits = this.matches(text, false, keep);
    if (hits.length === 0 && terms.length > 1) hits = this.matches(text, true, keep);
    const end = query.offset + query.limit;
    const page = query.sort === 'latest' ? this.latest(hits, end).slice(query.offset) : hits.slice(query.offset, end);
    return { ids: page.map((slot) => this.ids[slot]!), total: hits.length, terms: highlightTerms };
  }

  /** Every hit the reader may see, best first (FlexSearch reads its slots in order: no scoring, no sorting). */
  private matches(text: string, suggest: boolean, keep: (slot: number) => boolean): number[] {
    const found = this.index.search(text, { limit: this.ids.length + 1, suggest }) as number[];
    const kept: number[] = [];
    for (const slot of found) if (keep(slot)) kept.push(slot);
    return kept;
  }

  private filterFor(query: SearchQuery): (slot: number) => boolean {
    const kinds = query.kinds?.length ? new Set(query.kinds.map((kind) => KINDS.indexOf(kind))) : null;
    const tagged = query.tagId;
    // Per query, the answer for each (tag set, kind) pair: 0 unknown, 1 visible, 2 hidden.
    const verdicts = new Uint8Array(this.tagSetList.length * KINDS.length);
    return (slot) => {
      if (!this.alive[slot]) return false;
      const kind = this.kinds[slot]!;
      if (kinds && !kinds.has(kind)) return false;
      const set = this.tagSets[slot]!;
      const at = set * KINDS.length + kind;
      let verdict = verdicts[at] ?? 0;
      if (verdict === 0) {
        const tagIds = this.tagSetList[set]!;
        verdict = (!tagged || tagIds.includes(tagged)) && query.visible(KINDS[kind]!, tagIds) ? 1 : 2;
        if (at < verdicts.length) verdicts[at] = verdict;
      }
      return verdict === 1;
    };
  }

  /** The `count` newest of the hits, newest first: a bounded heap, so a page costs O(hits · log count). */
  private latest(hits: number[], count: number): number[] {
    const heap: number[] = [];
    const older = (a: number, b: number) => this.created[a]! < this.created[b]!;
    const down = (from: number) => {
      for (let i = from; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && older(heap[left]!, heap[least]!)) least = left;
        if (right < heap.length && older(heap[right]!, heap[least]!)) least = right;
        if (least === i) return;
        [heap[i], heap[least]] = [heap[least]!, heap[i]!];
        i = least;
      }
    };
    for (const slot of hits) {
      if (heap.length < count) {
        heap.push(slot);
        for (let i = heap.length - 1; i > 0;) {
          const parent = (i - 1) >> 1;
          if (!older(heap[i]!, heap[parent]!)) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (count > 0 && older(heap[0]!, slot)) {
        heap[0] = slot;
        down(0);
      }
    }
    return heap.sort((a, b) => this.created[b]! - this.created[a]!);
  }

  private tagSetOf(tagIds: readonly string[]): number {
    const sorted = [...new Set(tagIds)].sort();
    const key = sorted.join('\u0000');
    let set = this.tagSetKeys.get(key);
    if (set === undefined) {
      set = this.tagSetList.length;
      this.tagSetKeys.set(key, set);
      this.tagSetList.push(sorted);
    }
    return set;
  }
}

/** Makes the engines of this replica: the built-in one unless a deployment provides another adapter. */
export const SEARCH_ENGINE_FACTORY = Symbol('SearchEngineFactory');
export type SearchEngineFactory = () => SearchEngine;

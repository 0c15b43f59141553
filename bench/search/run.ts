import { randomInt } from 'node:crypto';
import { InMemorySearchEngine } from '../../services/search/src/engine/search-engine';
import { latencySummary, machine, mib } from '../lib/stats';
import { EN_WORDS, syntheticDocument, ZH_WORDS } from './corpus';

/**
 * `npm run bench:search`: the built-in engine (jieba segmentation + MiniSearch) on BENCH_SEARCH_DOCS synthetic
 * documents (default 200,000, half Chinese, half English): indexing throughput, heap held by the index, and query
 * latency for one- and two-word queries in both languages, as a search request runs them (permission filter
 * on every hit, first page of 20). Targets (issue 10): ≥ 2,000 documents/s, query p99 ≤ 30 ms.
 */
async function main(): Promise<void> {
  const total = Number(process.env.BENCH_SEARCH_DOCS ?? 200_000);
  const queries = Number(process.env.BENCH_SEARCH_QUERIES ?? 2000);
  console.log(`bench/search on ${machine()}`);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const engine = new InMemorySearchEngine();
  const started = performance.now();
  let generating = 0;
  for (let i = 0; i < total; i++) {
    const made = performance.now();
    const document = syntheticDocument(i);
    generating += performance.now() - made;
    engine.upsert({
      id: document.id,
      kind: 'topic',
      title: document.title,
      text: document.text,
      tagIds: [],
      createdAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
    });
    if ((i + 1) % 20_000 === 0) {
      const seconds = (performance.now() - started - generating) / 1000;
      process.stdout.write(`\r  indexed ${i + 1}/${total} (${Math.round((i + 1) / seconds)} documents/s)`);
    }
  }
  const indexSeconds = (performance.now() - started - generating) / 1000;
  global.gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `\nindexing: ${total} documents in ${indexSeconds.toFixed(1)} s = ${Math.round(total / indexSeconds)} documents/s`,
  );
  console.log(
    `index heap: ${mib(heap)}${global.gc ? '' : ' (run with --expose-gc for an exact figure)'}; rss ${mib(process.memoryUsage().rss)}`,
  );

  const visible = (_kind: string, tagIds: readonly string[]) => tagIds.length === 0 || tagIds[0] !== 'x';
  const shapes: Record<string, () => string> = {
    'zh one word': () => ZH_WORDS[randomInt(ZH_WORDS.length)]!,
    'zh two words': () => `${ZH_WORDS[randomInt(ZH_WORDS.length)]}${ZH_WORDS[randomInt(ZH_WORDS.length)]}`,
    'en one word': () => EN_WORDS[randomInt(EN_WORDS.length)]!,
    'en two words': () => `${EN_WORDS[randomInt(EN_WORDS.length)]} ${EN_WORDS[randomInt(EN_WORDS.length)]}`,
  };
  const all: number[] = [];
  for (const [shape, make] of Object.entries(shapes)) {
    const samples: number[] = [];
    let hits = 0;
    for (let i = 0; i < queries / 4; i++) {
      const begin = performance.now();
      const result = engine.search({ keyword: make(), visible, sort: 'relevance', offset: 0, limit: 20 });
      samples.push(performance.now() - begin);
      hits += result.total;
    }
    all.push(...samples);
    const summary = latencySummary(samples);
    console.log(
      `query ${shape}: p50 ${summary.p50} ms, p99 ${summary.p99} ms, max ${summary.max} ms (mean hits ${Math.round(hits / samples.length)})`,
    );
  }
  const summary = latencySummary(all);
  console.log(
    `query all shapes: p50 ${summary.p50} ms, p95 ${summary.p95} ms, p99 ${summary.p99} ms over ${summary.n} queries`,
  );
}

void main();

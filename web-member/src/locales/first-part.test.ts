// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moreEn } from './en/more';

/**
 * A first page (home, a topic) has only the first part of the catalogue (issue 20, `lib/translator.ts`): no module it
 * loads up front may use a text of the other part, or it would show the raw key. The modules are followed as the
 * build follows them: static imports from the entry and the two routes (not `import()`, which waits for every text
 * by `withEveryText`), and of a feature's public entry only the modules whose exports are taken (ADR 43).
 */
const sources = import.meta.glob('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = new URL(specifier, `file://${from}`).pathname;
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => file in sources);
}

const names = (list: string) =>
  list
    .split(',')
    .map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    )
    .filter(Boolean);

/** The modules `file` loads up front when `wanted` of its exports are used (`null`: all of them). */
function staticImports(file: string, wanted: string[] | null): [string, string[] | null][] {
  const text = sources[file]!;
  const found: [string, string[] | null][] = [];
  const isEntry = /\/src\/features\/[^/]+\/index\.ts$/.test(file);
  for (const match of text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)) {
    if (match[1]) continue;
    const exported = names(match[2]!);
    if (isEntry && wanted && !exported.some((name) => wanted.includes(name))) continue;
    const target = resolve(file, match[3]!);
    if (target) found.push([target, null]);
  }
  for (const match of text.matchAll(/^import\s+(type\s+)?([^'"]*?)\s*(?:from\s+)?'([^']+)'/gm)) {
    if (match[1]) continue;
    const target = resolve(file, match[3]!);
    if (!target) continue;
    const named = /\{([^}]*)\}/.exec(match[2]!);
    const isDefaultOrStar = /^\s*[\w$]+\s*(,|$)|\*\s+as/.test(match[2]!);
    found.push([target, named && !isDefaultOrStar ? names(named[1]!) : null]);
  }
  return found;
}

function firstPageModules(): Set<string> {
  const seen = new Map<string, Set<string> | null>();
  const queue: [string, string[] | null][] = [
    ['/src/main.tsx', null],
    ['/src/app/routes/home.tsx', null],
    ['/src/app/routes/thread.tsx', null],
  ];
  while (queue.length) {
    const [file, wanted] = queue.pop()!;
    const known = seen.get(file);
    if (known === null) continue;
    if (known && wanted && wanted.every((name) => known.has(name))) continue;
    seen.set(file, wanted === null ? null : new Set([...(known ?? []), ...wanted]));
    queue.push(...staticImports(file, wanted));
  }
  return new Set(seen.keys());
}

describe("a first page's texts", () => {
  it('no module a first page loads up front uses a text of the second part', () => {
    const modules = firstPageModules();
    expect(modules.has('/src/features/topics/components/topic-detail.tsx')).toBe(true);
    expect(modules.has('/src/app/layout/header.tsx')).toBe(true);
    const later = Object.keys(moreEn);
    const pattern = new RegExp(`['\`](${later.join('|')})\\.[a-zA-Z]`, 'g');
    const uses = [...modules]
      .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('/src/locales/'))
      .flatMap((file) => [...sources[file]!.matchAll(pattern)].map((match) => `${file}: ${match[0]}`));
    expect(uses).toEqual([]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './en/translation';
import { zh } from './zh/translation';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
}

describe('translations', () => {
  it('zh and en have identical keys', () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it('every text is non-empty and uses the same placeholders in both languages', () => {
    const lookup = (root: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root) as string;
    for (const key of keysOf(en)) {
      expect(lookup(en, key).trim(), key).not.toBe('');
      expect(lookup(zh, key).trim(), key).not.toBe('');
      expect(placeholders(lookup(zh, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it('every t("…") key used in the source exists', () => {
    const sources = import.meta.glob('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
    // Plurals: `t('x', { count })` reads `x_one` / `x_other`.
    const known = new Set(keysOf(en).flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, '')]));
    const used = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      for (const match of (text as string).matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';

/**
 * Hidden blocks (`<hide type value data-block-id>…</hide>`, docs/rules/forum.md, hidden content) inside SANITIZED content HTML (the output
 * of `sanitizeContent`): there `<` and `>` never appear unescaped in text or attribute values and every tag is
 * closed, so a linear scan of the tags is exact. Blocks are numbered by position (`index`, which changes when the
 * author edits), never nested (the sanitizer flattens nested ones into the outer block), and named by a stable
 * `id` the server gives each block when the content is written (ADR 0025): unlocks name ids, never positions.
 */
export type HideType = 10 | 20 | 30 | 40 | 50;
export const HIDE_TYPES: readonly HideType[] = [10, 20, 30, 40, 50];

export interface HiddenBlock {
  /** The block's position in this content: for display only, never for deciding who may see it. */
  index: number;
  /**
   * The stable id from `data-block-id`, given by the server when the block was first written (`assignHiddenBlockIds`).
   * Null only in content stored before stable ids: such a block is named by `legacyBlockId(index, since)`.
   */
  id: string | null;
  type: HideType;
  /** Type 10: the password; 30: the grade's needPoint; 40: price in points; 50: price in fen; 20: ''. */
  value: string;
}

interface Segment {
  /** Text outside any block, or a block with its inner HTML. */
  text: string;
  block?: HiddenBlock & { valid: boolean };
}

const HIDE_TAG = /<hide\b([^>]*)>|<\/hide\s*>/gi;
/** Block ids: server-made (`b…`, random) or legacy (`l<index>-<ms>`); anything else in stored HTML is dropped. */
const BLOCK_ID = /^[A-Za-z0-9_-]{1,40}$/;
const LEGACY_ID = /^l(\d{1,6})-(\d{1,15})$/;

export function isBlockId(value: unknown): value is string {
  return typeof value === 'string' && BLOCK_ID.test(value);
}

/** A fresh block id: 72 random bits, so ids never repeat within a topic (nor across topics in practice). */
export function newBlockId(): string {
  return `b${randomBytes(9).toString('base64url')}`;
}

/**
 * The name of a block in content written before stable ids (it has no `data-block-id`): its position in that
 * content and the time that content was written (`since`, the post or last edit time). An unlock recorded before
 * stable ids names positions at its own time, so it opens such a block only if that content was already there
 * when it was recorded (`legacyUnlockOpens`): positions from an older version of the content open nothing.
 */
export function legacyBlockId(index: number, since: string): string {
  const ms = Date.parse(since);
  return `l${index}-${Number.isFinite(ms) ? ms : 0}`;
}

/** The id a block goes by: its stored id, or the legacy name for a block of content written before ids. */
export function blockIdOf(block: Pick<HiddenBlock, 'id' | 'index'>, since: string): string {
  return block.id ?? legacyBlockId(block.index, since);
}

/**
 * Whether a position-based unlock recorded at `unlockedAt` (schema v1 of `HiddenContentUnlocked`) opened the
 * block named `id`: only a legacy-named block at that very position in content written no later than the unlock.
 */
export function legacyUnlockOpens(id: string, unlockedIndexes: readonly number[], unlockedAt: string): boolean {
  const legacy = LEGACY_ID.exec(id);
  if (!legacy) return false;
  const at = Date.parse(unlockedAt);
  return unlockedIndexes.includes(Number(legacy[1])) && Number.isFinite(at) && Number(legacy[2]) <= at;
}

export function isHideType(value: unknown): value is HideType {
  return HIDE_TYPES.includes(Number(value) as HideType) && String(Number(value)) === String(value);
}

function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attributes);
  return found ? decodeEntities(found[1]!) : undefined;
}

/** Splits content into text and top-level blocks; nested `<hide>` tags are dropped (their content stays in the outer block). */
function segments(html: string): Segment[] {
  const result: Segment[] = [];
  let depth = 0;
  let cursor = 0;
  let current: Segment | null = null;
  let inner = '';
  let index = 0;
  for (const match of html.matchAll(HIDE_TAG)) {
    const at = match.index;
    const opening = match[0][1] !== '/';
    if (depth === 0) {
      if (opening) {
        result.push({ text: html.slice(cursor, at) });
        const rawType = attribute(match[1] ?? '', 'type');
        const rawId = attribute(match[1] ?? '', 'data-block-id');
        const valid = isHideType(rawType);
        // An invalid type fails closed: a password block with no password can never be unlocked by a reader.
        current = {
          text: '',
          block: {
            index: index++,
            id: isBlockId(rawId) ? rawId : null,
            type: valid ? (Number(rawType) as HideType) : 10,
            value: valid ? (attribute(match[1] ?? '', 'value') ?? '') : '',
            valid,
          },
        };
        inner = '';
        depth = 1;
      } else {
        result.push({ text: html.slice(cursor, at) }); // a stray closing tag: dropped
      }
    } else {
      inner += html.slice(cursor, at);
      if (opening) depth++;
      else if (--depth === 0) {
        current!.text = inner;
        result.push(current!);
        current = null;
      }
    }
    cursor = at + match[0].length;
  }
  if (current) {
    // Unclosed (never in sanitized HTML): everything after the opening tag stays inside the block.
    current.text = inner + html.slice(cursor);
    result.push(current);
  } else {
    result.push({ text: html.slice(cursor) });
  }
  return result;
}

export function parseHiddenBlocks(html: string): HiddenBlock[] {
  return segments(html).flatMap((segment) =>
    segment.block
      ? [{ index: segment.block.index, id: segment.block.id, type: segment.block.type, value: segment.block.value }]
      : [],
  );
}

/** Blocks whose type attribute was missing or unknown: the post command refuses them. */
export function invalidHiddenBlocks(html: string): number[] {
  return segments(html).flatMap((segment) => (segment.block && !segment.block.valid ? [segment.block.index] : []));
}

/**
 * The content as a reader may see it: a block the reader may see keeps its content (without its `value`: a
 * password or price is not the reader's business); a locked block becomes `<hide type="T" index="i"></hide>`
 * with no content and no value. Nested hide tags are flattened. The author's and staff's view is the stored HTML.
 */
export function redactHiddenBlocks(html: string, visible: (block: HiddenBlock) => boolean): string {
  return segments(html)
    .map(({ text, block }) => {
      if (!block) return text;
      const open = `<hide type="${block.type}" index="${block.index}">`;
      const shown = block.valid && visible({ index: block.index, id: block.id, type: block.type, value: block.value });
      return shown ? `${open}${text}</hide>` : `${open}</hide>`;
    })
    .join('');
}

function canonical(block: HiddenBlock & { valid: boolean }, text: string, id: string | null): string {
  if (!block.valid) return `<hide>${text}</hide>`;
  const value = block.value ? ` value="${escapeAttribute(block.value)}"` : '';
  const named = id ? ` data-block-id="${id}"` : '';
  return `<hide type="${block.type}"${value}${named}>${text}</hide>`;
}

/** Puts blocks back in canonical form: top level only, `type`, `value` and `data-block-id` only (the sanitizer). */
export function normalizeHiddenBlocks(html: string): string {
  return segments(html)
    .map(({ text, block }) => (block ? canonical(block, text, block.id) : text))
    .join('');
}

/** The content as it was before, for `assignHiddenBlockIds`: its HTML and when it was written (post or edit time). */
export interface PreviousContent {
  html: string;
  since: string;
}

/**
 * Gives every block of new sanitized content its stable id (ADR 0025). On posting (`previous` null) every block
 * gets a fresh id, whatever the client sent. On editing, a block keeps the id the client sent back only if the
 * previous content had a block of that id AND the same type; the first such block keeps it, a copy gets a fresh
 * one. Everything else (a new block, an id the topic never had, a block whose type changed) gets a fresh id, so
 * no unlock recorded for an older block can open it.
 */
export function assignHiddenBlockIds(
  html: string,
  previous: PreviousContent | null,
  freshId: () => string = newBlockId,
): string {
  const before = new Map<string, HideType>();
  if (previous) {
    for (const block of parseHiddenBlocks(previous.html)) before.set(blockIdOf(block, previous.since), block.type);
  }
  const taken = new Set<string>();
  return segments(html)
    .map(({ text, block }) => {
      if (!block) return text;
      const keep = block.id !== null && before.get(block.id) === block.type && !taken.has(block.id);
      const id = keep ? block.id! : freshId();
      taken.add(id);
      return canonical(block, text, id);
    })
    .join('');
}

/**
 * Stored content with every block named: a block of content written before stable ids gets its legacy name, so
 * the author's editor sends it back and the first edit keeps the unlocks recorded by position (ADR 0025).
 */
export function withHiddenBlockIds(html: string, since: string): string {
  if (!/<hide\b/i.test(html)) return html;
  return segments(html)
    .map(({ text, block }) => (block ? canonical(block, text, blockIdOf(block, since)) : text))
    .join('');
}

/**
 * The content with every hidden block removed, its content included: for content where hidden blocks mean
 * nothing (comments, Q&A — nothing unlocks them there, and a block would carry its password or price to every
 * reader). Nested and stray hide tags go too.
 */
export function withoutHiddenBlocks(html: string): string {
  if (!/<\/?hide\b/i.test(html)) return html;
  return segments(html)
    .filter((segment) => !segment.block)
    .map((segment) => segment.text)
    .join('');
}

/**
 * Plain text for lists, feeds and search input: every hidden block is left out whoever reads (these documents are
 * shared by all readers), tags are removed and entities decoded, whitespace collapsed, cut to `max` characters.
 */
export function plainTextSummary(html: string, max: number): string {
  const outside = segments(html)
    .filter((segment) => !segment.block)
    .map((segment) => segment.text)
    .join(' ');
  const text = decodeEntities(
    outside.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote|\/pre|\/tr)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].slice(0, max).join('');
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[lower] ?? '';
  });
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The inner HTML of each block by position (for revealing just-unlocked blocks to their reader). */
export function hiddenBlockContents(html: string): Map<number, string> {
  return new Map(
    segments(html).flatMap((segment) => (segment.block ? [[segment.block.index, segment.text] as const] : [])),
  );
}

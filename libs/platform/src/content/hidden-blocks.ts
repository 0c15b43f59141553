/**
 * Hidden blocks (`<hide type value>…</hide>`, DOMAIN §4) inside SANITIZED content HTML (the output of
 * `sanitizeContent`): there `<` and `>` never appear unescaped in text or attribute values and every tag is
 * closed, so a linear scan of the tags is exact. Blocks are numbered by position (`index`), never nested (the
 * sanitizer flattens nested ones into the outer block).
 */
export type HideType = 10 | 20 | 30 | 40 | 50;
export const HIDE_TYPES: readonly HideType[] = [10, 20, 30, 40, 50];

export interface HiddenBlock {
  index: number;
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
        const valid = isHideType(rawType);
        // An invalid type fails closed: a password block with no password can never be unlocked by a reader.
        current = {
          text: '',
          block: {
            index: index++,
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
    segment.block ? [{ index: segment.block.index, type: segment.block.type, value: segment.block.value }] : [],
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
      const shown = block.valid && visible({ index: block.index, type: block.type, value: block.value });
      return shown ? `${open}${text}</hide>` : `${open}</hide>`;
    })
    .join('');
}

/** Puts blocks back in canonical form: top level only, `type` and `value` only (used by the sanitizer). */
export function normalizeHiddenBlocks(html: string): string {
  return segments(html)
    .map(({ text, block }) => {
      if (!block) return text;
      if (!block.valid) return `<hide>${text}</hide>`;
      const value = block.value ? ` value="${escapeAttribute(block.value)}"` : '';
      return `<hide type="${block.type}"${value}>${text}</hide>`;
    })
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

/** The inner HTML of each block by index (for revealing just-unlocked blocks to their reader). */
export function hiddenBlockContents(html: string): Map<number, string> {
  return new Map(
    segments(html).flatMap((segment) => (segment.block ? [[segment.block.index, segment.text] as const] : [])),
  );
}

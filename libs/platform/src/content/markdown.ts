import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Markdown, StateBlock } from 'markdown-it';
import { z } from 'zod';

/**
 * Content arrives as HTML (the rich editor) or as Markdown (the editor's Markdown mode, ADR 0033). Markdown is only an
 * input format: it is converted here to HTML, which then goes through the same allow-list sanitizer
 * (`sanitizeContent`) and hidden-block checks as the rich editor's HTML. What is stored, sent in events, indexed and
 * shown is always that sanitized HTML.
 */
export const CONTENT_FORMATS = ['html', 'markdown'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** The optional `format` of a write body: absent or `html` is the rich editor's HTML. */
export const contentFormat = z.enum(CONTENT_FORMATS).optional();

/**
 * Hidden blocks in Markdown (docs/hidden-content.md, "Writing in Markdown"): a fenced container whose content is
 * Markdown,
 *
 * ```
 * :::hide password demo      (or: comment · grade 100 · points 20 · balance 1.99 — yuan)
 * what only those who meet the terms see
 * :::
 * ```
 *
 * The kind may also be the stored code (10, 20, 30, 40, 50; a balance then in fen) or its Chinese name. An unknown
 * kind or a malformed value still makes a block — one the server refuses (`validation.hidden_block_invalid`) — so
 * a typo never publishes what the author meant to hide. The HTML tag (`<hide type="10" value="demo">` on a line of
 * its own, `</hide>` on another, Markdown between) is accepted too: it is what the rich editor's content becomes
 * when the author switches to Markdown, and it keeps each block's `data-block-id` (ADR 0025).
 */
const HIDE_KINDS: Record<string, number> = {
  password: 10,
  密码: 10,
  comment: 20,
  reply: 20,
  评论: 20,
  回复: 20,
  grade: 30,
  等级: 30,
  points: 40,
  积分: 40,
  balance: 50,
  余额: 50,
};

const YUAN = /^[¥￥]?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** `kind value` after `:::hide` as the stored type and value (a balance typed in yuan is stored in fen). */
export function hideBlockAttributes(args: string): { type: string; value: string } {
  const [kindWord = '', ...rest] = args.trim().split(/\s+/);
  const input = rest.join(' ');
  const kind = kindWord.toLowerCase();
  const coded = /^(10|20|30|40|50)$/.test(kind) ? Number(kind) : undefined;
  const type = coded ?? HIDE_KINDS[kind];
  if (type === undefined) return { type: '0', value: '' };
  if (type === 20) return { type: '20', value: '' };
  if (type === 50 && coded === undefined) {
    const yuan = YUAN.exec(input);
    const fen = yuan ? Number(yuan[1]) * 100 + Number((yuan[2] ?? '').padEnd(2, '0')) : NaN;
    return { type: '50', value: Number.isSafeInteger(fen) && fen > 0 ? String(fen) : '' };
  }
  return { type: String(type), value: input };
}

const FENCE_OPEN = /^:::hide(?:\s+(.*))?$/;
const FENCE_CLOSE = /^:::\s*$/;

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!).trim();
}

/** `:::hide kind value` … `:::` (nested containers are counted so the outer one closes at its own fence). */
function hideContainer(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const opening = FENCE_OPEN.exec(lineText(state, startLine));
  if (!opening) return false;
  if (silent) return true;
  let depth = 1;
  let nextLine = startLine;
  let closed = false;
  while (++nextLine < endLine) {
    // A line less indented than the container's own (the end of a list item holding it) ends it.
    if (!state.isEmpty(nextLine) && state.sCount[nextLine]! < state.blkIndent) break;
    if (state.sCount[nextLine]! - state.blkIndent >= 4) continue;
    const text = lineText(state, nextLine);
    if (FENCE_OPEN.test(text)) depth += 1;
    else if (FENCE_CLOSE.test(text) && --depth === 0) {
      closed = true;
      break;
    }
  }
  const { type, value } = hideBlockAttributes(opening[1] ?? '');
  const [oldParent, oldLineMax] = [state.parentType, state.lineMax];
  state.parentType = 'hide' as typeof state.parentType;
  state.lineMax = nextLine;
  const open = state.push('hide_open', 'hide', 1);
  open.block = true;
  open.markup = ':::';
  open.map = [startLine, nextLine];
  open.attrSet('type', type);
  if (value) open.attrSet('value', value);
  state.md.block.tokenize(state, startLine + 1, nextLine);
  const close = state.push('hide_close', 'hide', -1);
  close.block = true;
  close.markup = ':::';
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = nextLine + (closed ? 1 : 0);
  return true;
}

const HIDE_TAG_LINE = /^(?:<hide(?:\s[^<>]*)?>|<\/hide\s*>)$/i;

/** A `<hide …>` or `</hide>` tag alone on its line: kept as HTML, the lines between it parsed as Markdown. */
function hideTagLine(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const text = lineText(state, startLine);
  if (!HIDE_TAG_LINE.test(text)) return false;
  if (silent) return true;
  const token = state.push('html_block', '', 0);
  token.map = [startLine, startLine + 1];
  token.content = `${text}\n`;
  state.line = startLine + 1;
  return true;
}

function createMarkdown(): Markdown {
  // `html: true`: raw HTML is allowed as in CommonMark and reaches the same sanitizer as the rich editor's HTML.
  // `breaks`: a line break in the text is a line break on the page, as forum writers expect.
  const md = new MarkdownIt('default', { html: true, linkify: true, breaks: true, typographer: false });
  const interrupts = { alt: ['paragraph', 'reference', 'blockquote', 'list'] };
  md.block.ruler.before('fence', 'hide_container', hideContainer, interrupts);
  md.block.ruler.before('html_block', 'hide_tag_line', hideTagLine, interrupts);
  return md;
}

const markdown = createMarkdown();

/** Markdown to HTML, NOT yet sanitized: pass the result to `sanitizeContent` as any content HTML. */
export function markdownToHtml(source: string): string {
  return markdown.render(source);
}

/** The content as HTML for the sanitizer: Markdown converted, HTML as it came. */
export function contentHtml(content: string, format: ContentFormat | undefined): string {
  return format === 'markdown' ? markdownToHtml(content).trim() : content;
}

/**
 * For a write body's schema (`.transform(withHtmlContent)`): accepts `format` and hands the command HTML content,
 * so every write path after validation — sanitizer, hidden blocks, mentions, deciders — is the rich editor's.
 */
export function withHtmlContent<B extends { content: string; format?: ContentFormat | undefined }>({
  format,
  ...body
}: B): Omit<B, 'format'> {
  return { ...body, content: contentHtml(body.content, format) };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LATIN = /^[\p{L}\p{N}]+$/u;
const HAN = /\p{Script=Han}/u;

/**
 * A matcher for the query's words, longest first (so 会员卡 wins over 会员), case-insensitive. A Latin word is
 * marked whole from where a term starts it (the index matches English by stem: `jam` marks "jams", "jamming").
 */
function matcherOf(terms: readonly string[]): RegExp | null {
  const unique = [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length);
  const pattern = (term: string) =>
    LATIN.test(term) && !HAN.test(term)
      ? `(?<![\\p{Script=Latin}\\p{N}])${escapeRegExp(term)}[\\p{Script=Latin}\\p{N}]*`
      : escapeRegExp(term);
  return unique.length ? new RegExp(unique.map(pattern).join('|'), 'giu') : null;
}

/**
 * Plain text as HTML with the query's words in `<mark>`: the text is escaped piece by piece, so a document can
 * never inject markup through a result (the only tags in the output are ours).
 */
export function highlight(text: string, terms: readonly string[]): string {
  const matcher = matcherOf(terms);
  if (!matcher) return escapeHtml(text);
  let html = '';
  let last = 0;
  for (const match of text.matchAll(matcher)) {
    html += `${escapeHtml(text.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Up to `length` characters around the first match (the start when none), highlighted, with ellipses. */
export function snippet(text: string, terms: readonly string[], length = 140): string {
  const matcher = matcherOf(terms);
  const first = matcher ? (matcher.exec(text)?.index ?? 0) : 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  const end = Math.min(text.length, start + length);
  const body = highlight(text.slice(start, end), terms);
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/** The same window as `snippet`, as plain text (no markup, nothing escaped): for callers that render text. */
export function plainSnippet(text: string, terms: readonly string[], length = 140): string {
  const matcher = matcherOf(terms);
  const first = matcher ? (matcher.exec(text)?.index ?? 0) : 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  const end = Math.min(text.length, start + length);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

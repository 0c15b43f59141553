import { cut, cut_for_search } from 'jieba-wasm';

/** Runs of letters or digits in any script; punctuation, spaces and symbols separate words and are dropped. */
const WORDLIKE = /[\p{L}\p{N}]/u;
const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+/gu;
const LATIN_PIECES = /[\p{L}\p{N}\p{M}]+/gu;
/**
 * Function words that are in nearly every document: as query words they match everything (and would make the
 * any-word fallback return the whole index), as index words they only cost memory.
 */
const STOP_WORDS = new Set([
  ...'的 了 在 和 是 就 也 都 很 与 及 或 之 而 着 过 吗 呢 吧 啊'.split(' '),
  ...'a an and are as at be been but by did do does for from had has have he her his i if in into is it its me my of on or our she so than that the their them then there these they this those to was we were which who will with you your'.split(
    ' ',
  ),
]);

/** Longer words are noise (base64, hashes, URLs glued together) and would bloat the index. */
const MAX_TERM_LENGTH = 40;

/**
 * Words of a Chinese and/or English text, lower-cased, for the index and for queries. Chinese has no spaces, so
 * splitting on whitespace finds nothing (the failure of Flarum's, NodeBB's and Discourse's default search for
 * Chinese); jieba (dictionary + HMM for unknown words, here as WebAssembly) segments it. Indexing uses jieba's
 * search mode, which also emits the shorter words inside a long one (会员卡 → 会员, 会员卡), so a query in precise
 * mode finds a document whichever way its author grouped the characters.
 */
export function segment(text: string, mode: 'index' | 'query'): string[] {
  if (!text) return [];
  // jieba segments the Chinese runs only (in one call, joined by a comma it splits on anyway); the rest needs no
  // dictionary: words are runs of letters and digits, the same in a document and in a query whatever script
  // surrounds them, and far cheaper than jieba on English text.
  const han = text.match(HAN_RUNS);
  const pieces: string[] = han
    ? mode === 'index'
      ? cut_for_search(han.join('，'), true)
      : cut(han.join('，'), true)
    : [];
  for (const word of (han ? text.replace(HAN_RUNS, ' ') : text).match(LATIN_PIECES) ?? []) pieces.push(word);
  const terms: string[] = [];
  for (const piece of pieces) {
    const term = piece.trim().toLowerCase();
    if (term.length === 0 || term.length > MAX_TERM_LENGTH || !WORDLIKE.test(term)) continue;
    terms.push(term);
  }
  const content = terms.filter((term) => !STOP_WORDS.has(term));
  // A query of function words only ("the", "的") still searches for them rather than for nothing.
  return content.length > 0 || mode === 'index' ? content : terms;
}

/** Whether a term is Chinese (kept as jieba cut it) rather than a Latin word (indexed by its stem). */
export function isHanTerm(term: string): boolean {
  return HAN.test(term);
}

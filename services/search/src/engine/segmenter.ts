import { cut, cut_for_search } from 'jieba-wasm';

/** Runs of letters or digits in any script; punctuation, spaces and symbols separate words and are dropped. */
const WORDLIKE = /[\p{L}\p{N}]/u;
const HAN = /\p{Script=Han}/u;
/**
 * Function words that are in nearly every document: as query words they match everything (and would make the
 * any-word fallback return the whole index), as index words they only cost memory.
 */
const STOP_WORDS = new Set(
  '的 了 在 和 是 就 也 都 很 与 及 或 之 而 着 过 吗 呢 吧 啊 a an and are as at be by for from in is it of on or the to with'.split(
    ' ',
  ),
);

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
  const pieces = mode === 'index' ? cut_for_search(text, true) : cut(text, true);
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

/** Whether a term is Chinese (matched whole) rather than a Latin word (matched by prefix when long enough). */
export function isHanTerm(term: string): boolean {
  return HAN.test(term);
}

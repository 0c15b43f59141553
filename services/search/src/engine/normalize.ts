import stem from 'wink-porter2-stemmer';
import { isHanTerm } from './segmenter';

const LATIN_WORD = /^[a-z]+$/;

/**
 * One term as the index stores it: English words by their Porter2 stem (consumers, consuming → consum;
 * performance → perform), so a query finds every form of a word; Chinese words, digits and mixed runs as jieba
 * cut them. Terms are cached: a forum's vocabulary is small next to its number of words.
 */
const stems = new Map<string, string>();
export function termOf(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    term = isHanTerm(word) || word.length < 3 || !LATIN_WORD.test(word) ? word : stem(word);
    if (stems.size < 500_000) stems.set(word, term);
  }
  return term;
}

/** A segmenter: jieba in the engine, whitespace splitting in the quality bench's baseline. */
export type Words = (text: string, mode: 'index' | 'query') => string[];

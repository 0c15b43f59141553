import { describe, expect, it } from 'vitest';
import { diffTokens, words, type DiffPart } from './word-diff';

const show = (parts: DiffPart[]) =>
  parts
    .map(({ op, tokens }) => {
      const text = tokens.map((token) => token.text).join('');
      return op === 'same' ? text : op === 'added' ? `{+${text}+}` : `[-${text}-]`;
    })
    .join('');

const diff = (before: string, after: string) => show(diffTokens(words(before), words(after)));

describe('word diff', () => {
  it('marks whole words, not letters', () => {
    expect(diff('The quick brown fox', 'The quick red fox')).toBe('The quick [-brown-]{+red+} fox');
    expect(diff('hello world', 'hello brave new world')).toBe('hello {+brave new +}world');
  });

  it('compares Chinese character by character', () => {
    expect(diff('今天天气很好', '今天天气不好')).toBe('今天天气[-很-]{+不+}好');
  });

  it('keeps the text of both sides: removed + same = before, added + same = after', () => {
    const before = 'One line.\nAnother line, with words; and more words here.';
    const after = 'One new line.\nAnother line with words and more words there!';
    const parts = diffTokens(words(before), words(after));
    const side = (skip: DiffPart['op']) =>
      parts
        .filter((part) => part.op !== skip)
        .flatMap((part) => part.tokens.map((token) => token.text))
        .join('');
    expect(side('added')).toBe(before);
    expect(side('removed')).toBe(after);
  });

  it('an identical text is one unchanged part; an empty side is all added or removed', () => {
    expect(diffTokens(words('same text'), words('same text'))).toEqual([{ op: 'same', tokens: words('same text') }]);
    expect(diff('', 'new')).toBe('{+new+}');
    expect(diff('old', '')).toBe('[-old-]');
  });

  it('gives up cheaply on texts too different to compare, still showing both', () => {
    const before = Array.from({ length: 300 }, (_, index) => `a${index}`).join(' ');
    const after = Array.from({ length: 300 }, (_, index) => `b${index}`).join(' ');
    const parts = diffTokens(words(before), words(after), 10);
    expect(parts.map((part) => part.op)).toEqual(['removed', 'added']);
  });
});

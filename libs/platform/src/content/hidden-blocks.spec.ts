import { invalidHiddenBlocks, parseHiddenBlocks, plainTextSummary, redactHiddenBlocks } from './hidden-blocks';
import { sanitizeContent } from './sanitize';

const html = sanitizeContent(
  '<p>Intro &amp; more</p><hide type="10" value="s&quot;cret">PW-CONTENT</hide><p>middle</p>' +
    '<hide type="20">COMMENT-CONTENT</hide><hide type="30" value="100">GRADE-CONTENT</hide><p>end</p>',
);

describe('hidden blocks', () => {
  it('parses blocks by position with their type and value', () => {
    expect(parseHiddenBlocks(html)).toEqual([
      { index: 0, type: 10, value: 's"cret' },
      { index: 1, type: 20, value: '' },
      { index: 2, type: 30, value: '100' },
    ]);
  });

  it('replaces a locked block by an empty placeholder with no value, and shows a visible one without its value', () => {
    const redacted = redactHiddenBlocks(html, (block) => block.type === 20);
    expect(redacted).toBe(
      '<p>Intro &amp; more</p><hide type="10" index="0"></hide><p>middle</p>' +
        '<hide type="20" index="1">COMMENT-CONTENT</hide><hide type="30" index="2"></hide><p>end</p>',
    );
    expect(redacted).not.toContain('cret');
  });

  it('locks everything when nothing is visible, even in odd markup', () => {
    const odd = '<hide type="20">A<hide type="30">B</hide>C</hide></hide>D<hide type="10">E';
    expect(redactHiddenBlocks(odd, () => false)).toBe(
      '<hide type="20" index="0"></hide>D<hide type="10" index="1"></hide>',
    );
  });

  it('treats a block with an unknown type as locked for readers and reports it', () => {
    const bad = sanitizeContent('<hide type="99">X</hide><hide>Y</hide>');
    expect(invalidHiddenBlocks(bad)).toEqual([0, 1]);
    expect(redactHiddenBlocks(bad, () => true)).not.toMatch(/X|Y/);
  });

  it('summarises as plain text without any hidden content', () => {
    expect(plainTextSummary(html, 200)).toBe('Intro & more middle end');
    expect(plainTextSummary('<p>a&lt;b&gt;  c</p><p>日本語テキスト</p>', 9)).toBe('a<b> c 日本');
  });
});

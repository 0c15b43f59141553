import {
  assignHiddenBlockIds,
  blockIdOf,
  invalidHiddenBlocks,
  legacyBlockId,
  legacyUnlockOpens,
  parseHiddenBlocks,
  plainTextSummary,
  redactHiddenBlocks,
  withHiddenBlockIds,
  withoutHiddenBlocks,
} from './hidden-blocks';
import { sanitizeContent } from './sanitize';

const html = sanitizeContent(
  '<p>Intro &amp; more</p><hide type="10" value="s&quot;cret">PW-CONTENT</hide><p>middle</p>' +
    '<hide type="20">COMMENT-CONTENT</hide><hide type="30" value="100">GRADE-CONTENT</hide><p>end</p>',
);

describe('hidden blocks', () => {
  it('parses blocks by position with their type and value', () => {
    expect(parseHiddenBlocks(html)).toEqual([
      { index: 0, id: null, type: 10, value: 's"cret' },
      { index: 1, id: null, type: 20, value: '' },
      { index: 2, id: null, type: 30, value: '100' },
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

  it('removes every hidden block with its content where hidden blocks mean nothing (Q&A)', () => {
    expect(withoutHiddenBlocks(html)).toBe('<p>Intro &amp; more</p><p>middle</p><p>end</p>');
    expect(withoutHiddenBlocks('<p>a</p><hide type="20">A<hide type="30">B</hide>C</hide></hide>D<hide>E')).toBe(
      '<p>a</p>D',
    );
    expect(withoutHiddenBlocks('<p>plain</p>')).toBe('<p>plain</p>');
  });

  it('summarises as plain text without any hidden content', () => {
    expect(plainTextSummary(html, 200)).toBe('Intro & more middle end');
    expect(plainTextSummary('<p>a&lt;b&gt;  c</p><p>日本語テキスト</p>', 9)).toBe('a<b> c 日本');
  });
});

describe('stable hidden block ids (ADR 0025)', () => {
  const counter = () => {
    let n = 0;
    return () => `bnew${++n}`;
  };
  const ids = (content: string) => parseHiddenBlocks(content).map((block) => [block.type, block.id]);
  const POSTED = '2026-01-01T00:00:00.000Z';

  it('keeps a well-formed data-block-id through the sanitizer and drops a malformed one', () => {
    const clean = sanitizeContent(
      '<hide type="10" value="pw" data-block-id="bAbC_-9">A</hide><hide type="20" data-block-id="x y&quot;>">B</hide>',
    );
    expect(clean).toBe('<hide type="10" value="pw" data-block-id="bAbC_-9">A</hide><hide type="20">B</hide>');
  });

  it('gives every block a fresh id on posting, whatever the client sent', () => {
    const posted = assignHiddenBlockIds(
      sanitizeContent('<hide type="40" value="5" data-block-id="bstolen">A</hide><hide type="20">B</hide>'),
      null,
      counter(),
    );
    expect(ids(posted)).toEqual([
      [40, 'bnew1'],
      [20, 'bnew2'],
    ]);
  });

  const before =
    '<hide type="10" value="pw" data-block-id="bA">A</hide><hide type="50" value="99" data-block-id="bB">B</hide>';

  it('keeps ids sent back on edit when moved, and names inserted blocks afresh', () => {
    const edited = assignHiddenBlockIds(
      '<hide type="50" value="199" data-block-id="bNEWFIRST">X</hide>' +
        '<hide type="50" value="500" data-block-id="bB">B2</hide><hide type="10" value="pw2" data-block-id="bA">A</hide>' +
        '<hide type="40" value="1">no id</hide>',
      { html: before, since: POSTED },
      counter(),
    );
    expect(ids(edited)).toEqual([
      [50, 'bnew1'],
      [50, 'bB'],
      [10, 'bA'],
      [40, 'bnew2'],
    ]);
  });

  it('gives a fresh id to a block whose type changed, and to a copy of a block', () => {
    const edited = assignHiddenBlockIds(
      '<hide type="40" value="3" data-block-id="bA">was a password</hide>' +
        '<hide type="50" value="99" data-block-id="bB">B</hide><hide type="50" value="99" data-block-id="bB">copy</hide>',
      { html: before, since: POSTED },
      counter(),
    );
    expect(ids(edited)).toEqual([
      [40, 'bnew1'],
      [50, 'bB'],
      [50, 'bnew2'],
    ]);
  });

  it('names blocks of content older than stable ids by position and time, and the first edit keeps those names', () => {
    const legacy = '<hide type="10" value="pw">A</hide><hide type="40" value="5">B</hide>';
    const named = withHiddenBlockIds(legacy, POSTED);
    const ms = Date.parse(POSTED);
    expect(ids(named)).toEqual([
      [10, `l0-${ms}`],
      [40, `l1-${ms}`],
    ]);
    expect(parseHiddenBlocks(legacy).map((block) => blockIdOf(block, POSTED))).toEqual([`l0-${ms}`, `l1-${ms}`]);
    // The author puts a new block first and sends the named ones back: they keep their legacy names.
    const reordered = assignHiddenBlockIds(
      `<hide type="40" value="9">new</hide><hide type="40" value="5" data-block-id="l1-${ms}">B</hide>` +
        `<hide type="10" value="pw" data-block-id="l0-${ms}">A</hide>`,
      { html: legacy, since: POSTED },
      counter(),
    );
    expect(ids(reordered)).toEqual([
      [40, 'bnew1'],
      [40, `l1-${ms}`],
      [10, `l0-${ms}`],
    ]);
  });

  it('lets a position-based unlock open only the block at that position of content no newer than the unlock', () => {
    const id = legacyBlockId(1, POSTED);
    expect(legacyUnlockOpens(id, [1], '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(legacyUnlockOpens(id, [0], '2026-01-02T00:00:00.000Z')).toBe(false);
    // The content was rewritten after the unlock: position 1 may be another block now.
    expect(legacyUnlockOpens(id, [1], '2025-12-31T00:00:00.000Z')).toBe(false);
    expect(legacyUnlockOpens('bRandom', [0, 1], '2026-01-02T00:00:00.000Z')).toBe(false);
  });

  it('keeps reader placeholders free of ids and values', () => {
    expect(redactHiddenBlocks(before, () => false)).toBe(
      '<hide type="10" index="0"></hide><hide type="50" index="1"></hide>',
    );
  });
});

import { plainTextOf } from './plain-text';

describe('the text the index sees', () => {
  it('drops every hidden block, whatever its type, and keeps the rest', () => {
    const html =
      '<p>公开的开头</p><hide type="10" value="pw">PASSWORD-MARKER</hide><p>middle</p>' +
      '<hide type="50" value="100"><p>BALANCE-<b>MARKER</b></p></hide><p>公开的结尾</p>';
    const text = plainTextOf(html);
    expect(text).toBe('公开的开头 middle 公开的结尾');
    expect(text).not.toMatch(/MARKER/);
  });

  it('decodes entities and separates blocks so words do not run together', () => {
    expect(plainTextOf('<p>Tom &amp; Jerry</p><p>second</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Tom & Jerry second one two',
    );
  });

  it('leaves out players and media, which have no words to find', () => {
    expect(plainTextOf('<p>see</p><player src="/api/files/v.mp4" poster="/p.jpg"></player>')).toBe('see');
  });
});

import { highlight, snippet } from './highlight';

describe('highlighting results', () => {
  it('marks every occurrence, longest word first, ignoring case', () => {
    expect(highlight('会员卡和会员 Kafka kafka', ['会员', '会员卡', 'kafka'])).toBe(
      '<mark>会员卡</mark>和<mark>会员</mark> <mark>Kafka</mark> <mark>kafka</mark>',
    );
  });

  it('escapes the text so a document cannot inject markup', () => {
    expect(highlight('<img src=x onerror=alert(1)> 红包', ['红包'])).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <mark>红包</mark>',
    );
    expect(highlight('a "quote" & <b>', [])).toBe('a &quot;quote&quot; &amp; &lt;b&gt;');
  });

  it('cuts a snippet around the first match with ellipses', () => {
    const text = `${'前'.repeat(200)}红包${'后'.repeat(200)}`;
    const cut = snippet(text, ['红包'], 40);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('<mark>红包</mark>');
    expect(cut.replace(/<\/?mark>|…/g, '')).toHaveLength(40);
  });

  it('starts at the beginning when the match is early or absent', () => {
    expect(snippet('短文本', ['没有'], 40)).toBe('短文本');
  });
});

describe('highlighting English by stem', () => {
  it('marks the whole word a stem starts, also right after Chinese, but not inside another word', () => {
    expect(highlight('The printer jams; 用Jamming测试 and pyjamas', ['jamming', 'jam'])).toBe(
      'The printer <mark>jams</mark>; 用<mark>Jamming</mark>测试 and pyjamas',
    );
  });
});

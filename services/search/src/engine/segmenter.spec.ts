import { segment } from './segmenter';

describe('segmenting Chinese and English', () => {
  it('finds Chinese words where whitespace splitting finds one long run', () => {
    const terms = segment('如何给账户充值余额？会员卡可以用积分购买。', 'index');
    expect(terms).toEqual(expect.arrayContaining(['充值', '余额', '会员卡', '会员', '积分', '购买']));
    expect(terms).not.toContain('？');
  });

  it('keeps English words whole, lower-cased, without punctuation', () => {
    expect(segment('Kafka consumers: tuning the Event-Store!', 'query')).toEqual([
      'kafka',
      'consumers',
      'tuning',
      'event',
      'store',
    ]);
  });

  it('indexes the short words inside a long one, so a query for either finds the text', () => {
    const indexed = segment('社区论坛的红包功能', 'index');
    for (const query of ['社区', '论坛', '红包']) {
      for (const term of segment(query, 'query')) expect(indexed).toContain(term);
    }
  });

  it('leaves out function words, unless a query has nothing else', () => {
    expect(segment('我的结果和你的', 'query')).toEqual(['我', '结果', '你']);
    expect(segment('the', 'query')).toEqual(['the']);
    expect(segment('the', 'index')).toEqual([]);
  });

  it('mixes scripts in one text', () => {
    expect(segment('用Node.js写悬赏问答', 'query')).toEqual(expect.arrayContaining(['node', 'js', '悬赏', '问答']));
  });
});

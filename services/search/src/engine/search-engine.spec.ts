import { InMemorySearchEngine } from './search-engine';
import type { IndexedDocument, SearchQuery } from './search-engine';

const doc = (id: string, title: string, text: string, extra: Partial<IndexedDocument> = {}): IndexedDocument => ({
  id: `topic:${id}`,
  kind: 'topic',
  title,
  text,
  tagIds: [],
  createdAt: `2026-11-${id.padStart(2, '0')}T00:00:00Z`,
  ...extra,
});

const query = (keyword: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  keyword,
  visible: () => true,
  sort: 'relevance',
  offset: 0,
  limit: 10,
  ...extra,
});

function engineWith(...documents: IndexedDocument[]): InMemorySearchEngine {
  const engine = new InMemorySearchEngine();
  for (const document of documents) engine.upsert(document);
  return engine;
}

describe('the in-memory search engine', () => {
  const engine = engineWith(
    doc('1', '如何充值余额', '在钱包页面选择支付宝，输入金额即可充值。'),
    doc('2', '会员卡怎么买', '会员卡可以用余额或者积分购买，购买后获得角色。'),
    doc('3', 'Kafka consumer lag', 'How to tune the performance of consumers in the event pipeline.'),
    doc('4', '红包被抢光了', '公开随机红包的金额在发送时就决定了。', { tagIds: ['staff-only'] }),
  );

  it('finds Chinese words inside sentences, titles first', () => {
    expect(engine.search(query('充值')).ids).toEqual(['topic:1']);
    expect(engine.search(query('余额')).ids).toEqual(['topic:1', 'topic:2']);
    expect(engine.search(query('积分购买')).ids).toEqual(['topic:2']);
  });

  it('matches long English words by prefix and ignores case', () => {
    expect(engine.search(query('PERFORM')).ids).toEqual(['topic:3']);
    expect(engine.search(query('consumer')).ids).toEqual(['topic:3']);
  });

  it('needs every word, and falls back to any word when nothing has them all', () => {
    expect(engine.search(query('会员卡 积分')).ids).toEqual(['topic:2']);
    expect(engine.search(query('充值 kafka')).ids.sort()).toEqual(['topic:1', 'topic:3']);
  });

  it('leaves out what the reader may not see, and what other filters exclude', () => {
    expect(engine.search(query('红包')).ids).toEqual(['topic:4']);
    const noStaffTags = (_kind: string, tagIds: readonly string[]) => !tagIds.includes('staff-only');
    expect(engine.search(query('红包', { visible: noStaffTags })).total).toBe(0);
    expect(engine.search(query('余额', { kinds: ['question'] })).total).toBe(0);
  });

  it('sorts by date on request and pages', () => {
    const latest = engine.search(query('余额', { sort: 'latest', limit: 1 }));
    expect(latest).toMatchObject({ ids: ['topic:2'], total: 2 });
    expect(engine.search(query('余额', { sort: 'latest', offset: 1, limit: 1 })).ids).toEqual(['topic:1']);
  });

  it('replaces an edited document and forgets a removed one', () => {
    const edited = engineWith(doc('1', '苹果', '苹果很甜'));
    edited.upsert(doc('1', '香蕉', '香蕉很软'));
    expect(edited.search(query('苹果')).total).toBe(0);
    expect(edited.search(query('香蕉')).ids).toEqual(['topic:1']);
    edited.remove('topic:1');
    expect(edited.search(query('香蕉')).total).toBe(0);
    expect(edited.size).toBe(0);
  });
});

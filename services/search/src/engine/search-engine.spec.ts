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

describe('the in-memory search engine on mixed content', () => {
  const engine = engineWith(
    doc('1', 'Printer keeps jamming', 'The office printers jam on every page.'),
    doc('2', '打印机卡纸', '办公室的打印机每页都卡纸。', { kind: 'question', tagIds: ['hardware'] }),
    doc('3', 'Paper jams: a help article', 'Open the tray and remove the paper.', { kind: 'help' }),
    doc('4', 'Jam recipes', 'Strawberry jam with little sugar.', { tagIds: ['food', 'staff-only'] }),
  );

  // (ids are `topic:<n>` whatever the kind: the engine filters on `kind`, not on the id)
  it('matches English words by stem and leaves stop words out of the query', () => {
    expect(engine.search(query('jammed printers')).ids).toEqual(['topic:1']);
    expect(engine.search(query('the jams')).ids.sort()).toEqual(['topic:1', 'topic:3', 'topic:4']);
  });

  it('ranks a title match before a body match', () => {
    expect(engine.search(query('printer')).ids).toEqual(['topic:1']);
    expect(engine.search(query('paper')).ids).toEqual(['topic:3']);
    expect(engine.search(query('jam')).ids[0]).not.toBe('topic:3');
  });

  it('filters by type, tag and the reader, counting only what is left', () => {
    expect(engine.search(query('jam', { kinds: ['help'] }))).toMatchObject({ ids: ['topic:3'], total: 1 });
    expect(engine.search(query('打印机', { tagId: 'hardware' })).ids).toEqual(['topic:2']);
    expect(engine.search(query('jam', { tagId: 'hardware' })).total).toBe(0);
    const asked: string[] = [];
    const visible = (kind: string, tagIds: readonly string[]) => {
      asked.push(`${kind}:${tagIds.join(',')}`);
      return !tagIds.includes('staff-only');
    };
    expect(engine.search(query('jam', { visible })).ids.sort()).toEqual(['topic:1', 'topic:3']);
    // Asked once per distinct kind and tag set, not once per hit.
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('pages by date and finds a removed then re-added document again', () => {
    const pages = [0, 1, 2].map((offset) => engine.search(query('jam', { sort: 'latest', offset, limit: 1 })).ids);
    expect(pages).toEqual([['topic:4'], ['topic:3'], ['topic:1']]);
    const again = engineWith(doc('1', 'Printer', 'text'));
    again.remove('topic:1');
    again.remove('topic:1');
    expect(again.size).toBe(0);
    again.upsert(doc('1', 'Scanner', 'text'));
    expect(again.search(query('scanner')).ids).toEqual(['topic:1']);
    expect(again.search(query('printer')).total).toBe(0);
    expect(again.size).toBe(1);
  });
});

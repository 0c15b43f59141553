import { InMemorySearchEngine } from '../../services/search/src/engine/search-engine';
import type { IndexedDocument, SearchEngine, SearchQuery } from '../../services/search/src/engine/search-engine';
import { segment } from '../../services/search/src/engine/segmenter';
import { reportResult } from '../lib/result';
import { machine } from '../lib/stats';

/**
 * `npm run bench:search:quality`: precision@10 and recall@10 of the built-in engine on a small hand-labelled set
 * of Chinese and English forum posts and queries, next to a whitespace-splitting index (what forums without a
 * segmenter do) on the same set.
 */
const DOCUMENTS: [string, string, string][] = [
  ['z1', '如何给钱包充值余额', '在钱包页面选择支付宝，输入金额后付款，余额到账后就可以发红包了。'],
  ['z2', '红包被抢光了怎么办', '公开随机红包的金额在发送时就决定了，抢光以后会显示红包已被抢光。'],
  ['z3', '会员卡怎么购买', '会员卡可以用余额或者积分购买，购买成功后获得对应的角色和有效期。'],
  ['z4', '积分有什么用', '发帖、评论和回答都能获得积分，积分可以解锁隐藏内容或者购买会员卡。'],
  ['z5', '悬赏问题多久过期', '悬赏金额在提问时冻结，三十天内没有采纳答案会自动退回给提问者。'],
  ['z6', '忘记密码如何找回', '在登录页面点击忘记密码，通过手机验证码或者邮箱验证码重设密码。'],
  ['z7', '手机号码换绑步骤', '先用旧手机号接收验证码，再绑定新的手机号，完成后需要重新实名认证。'],
  ['z8', '隐藏内容的五种类型', '密码、评论、等级、积分和余额五种方式可以解锁隐藏内容。'],
  ['z9', '周末去哪里旅行', '推荐去杭州西湖，春天的时候风景很好，记得提前订火车票。'],
  ['z10', '上海的咖啡店推荐', '静安区有几家很安静的咖啡店，适合周末看书和工作。'],
  ['z11', '跑步膝盖疼怎么办', '跑步前要热身，选择合适的跑鞋，膝盖疼的时候应该休息并咨询医生。'],
  ['z12', '装修预算怎么控制', '先列清单，比较几家装修公司的报价，预留百分之十的预算应对意外。'],
  ['z13', '视频上传以后一直在处理', '视频上传后服务器会转码，处理完成之前播放器显示正在处理，请稍后刷新。'],
  ['z14', '举报不良内容', '在帖子下方点击举报，选择举报类型并填写理由，管理员处理后会通知你结果。'],
  [
    'e1',
    'How to recharge my balance',
    'Open the wallet page, choose a payment provider, enter the amount and pay; the balance is credited when the provider confirms.',
  ],
  [
    'e2',
    'Red envelope already snatched',
    'The shares of a random red envelope are decided when it is sent; once all are claimed you see a snatched message.',
  ],
  [
    'e3',
    'Buying a membership card',
    'Membership cards can be bought with balance or points and grant a role for the chosen duration.',
  ],
  [
    'e4',
    'Kafka consumer lag keeps growing',
    'When a projection writes one document at a time the consumer falls behind; batch the writes and commit offsets after the flush.',
  ],
  [
    'e5',
    'MongoDB index not used',
    'A query with a filter other than _id scans the whole collection on the stand-in server; read by _id ranges instead.',
  ],
  [
    'e6',
    'Reset a forgotten password',
    'Use the recovery page and verify with an SMS code or an email code, then choose a new password.',
  ],
  [
    'e7',
    'Best running shoes for beginners',
    'Choose cushioned running shoes and replace them every 800 kilometres to protect your knees.',
  ],
  ['e8', 'Weekend trip ideas near Hangzhou', 'West Lake in spring is beautiful; book train tickets early on holidays.'],
  [
    'e9',
    'Video stuck in processing',
    'After upload the server transcodes the video; until it is ready the player asks you to refresh later.',
  ],
  [
    'e10',
    'Reporting abusive posts',
    'Click report under the post, choose a category and give a reason; moderators review it and tell you the result.',
  ],
  [
    'e11',
    'Bounty refund after thirty days',
    'A cash bounty is frozen when you ask; if no answer is adopted in thirty days it is refunded.',
  ],
  [
    'e12',
    'Hidden content unlock with points',
    'Authors can hide a block behind a points price; readers confirm and pay to reveal it.',
  ],
];

const QUERIES: [string, string[]][] = [
  ['充值', ['z1']],
  ['余额', ['z1', 'z3', 'z8']],
  ['红包', ['z1', 'z2']],
  ['会员卡', ['z3', 'z4']],
  ['积分', ['z3', 'z4', 'z8']],
  ['悬赏', ['z5']],
  ['验证码', ['z6', 'z7']],
  ['隐藏内容', ['z4', 'z8']],
  ['旅行', ['z9']],
  ['咖啡', ['z10']],
  ['膝盖', ['z11']],
  ['视频处理', ['z13']],
  ['举报', ['z14']],
  ['密码', ['z6', 'z8']],
  ['手机', ['z6', 'z7']],
  ['热身 跑鞋', ['z11']],
  ['预算', ['z12']],
  ['recharge balance', ['e1']],
  ['red envelope', ['e2']],
  ['membership card', ['e3']],
  ['kafka consumer', ['e4']],
  ['mongodb index', ['e5']],
  ['password', ['e6']],
  ['running shoes', ['e7']],
  ['video processing', ['e9']],
  ['report', ['e10']],
  ['bounty refund', ['e11']],
  ['points', ['e3', 'e12']],
  ['payment provider', ['e1']],
  ['spring lake', ['e8']],
  ['adopted answer', ['e11']],
  // Other forms of the words in the text: found by stem, not by the exact spelling.
  ['reporting posts', ['e10']],
  ['transcoding videos', ['e9']],
  ['forgotten passwords', ['e6']],
  ['adopting answers', ['e11']],
  ['membership cards', ['e3']],
  ['confirmed payments', ['e1']],
  // Chinese words the author wrote inside longer runs.
  ['上传视频', ['z13']],
  ['找回密码', ['z6']],
  ['咖啡店', ['z10']],
  ['解锁隐藏内容', ['z4', 'z8']],
  ['火车票', ['z9']],
];

/** What a forum without a segmenter does: split on whitespace and punctuation only. */
class WhitespaceEngine extends InMemorySearchEngine {
  constructor() {
    super((text) =>
      text
        .toLowerCase()
        .split(/[\s\p{P}]+/u)
        .filter(Boolean),
    );
  }
}

function measure(name: string, engine: SearchEngine): void {
  for (const [id, title, text] of DOCUMENTS) {
    const document: IndexedDocument = { id, kind: 'topic', title, text, tagIds: [], createdAt: '2026-11-21T00:00:00Z' };
    engine.upsert(document);
  }
  let precision = 0;
  let recall = 0;
  const misses: string[] = [];
  for (const [keyword, relevant] of QUERIES) {
    const query: SearchQuery = { keyword, visible: () => true, sort: 'relevance', offset: 0, limit: 10 };
    const top = engine.search(query).ids;
    const good = top.filter((id) => relevant.includes(id)).length;
    precision += top.length ? good / top.length : 0;
    recall += good / relevant.length;
    if (good < relevant.length || good < top.length)
      misses.push(`${keyword} → [${top.join(', ')}] (want ${relevant.join(', ')})`);
  }
  const zh = QUERIES.filter(([keyword]) => /\p{Script=Han}/u.test(keyword)).length;
  console.log(
    `${name}: precision@10 ${(precision / QUERIES.length).toFixed(2)}, recall@10 ${(recall / QUERIES.length).toFixed(2)} over ${QUERIES.length} queries (${zh} Chinese, ${QUERIES.length - zh} English), ${DOCUMENTS.length} documents`,
  );
  for (const miss of misses) console.log(`  imperfect: ${miss}`);
  const round = (n: number) => Math.round((n / QUERIES.length) * 100) / 100;
  reportResult('search', `precision@10, ${name}`, round(precision), '');
  reportResult('search', `recall@10, ${name}`, round(recall), '');
}

console.log(`bench/search quality on ${machine()}`);
measure('jieba + stems + FlexSearch (built-in)', new InMemorySearchEngine());
measure('jieba, no stems (the words as typed)', new InMemorySearchEngine(segment, (term) => term));
measure('whitespace split (baseline)', new WhitespaceEngine());

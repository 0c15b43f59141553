/** Words a Chinese forum uses, for synthetic documents (joined without spaces, as Chinese is written). */
export const ZH_WORDS =
  '社区 论坛 红包 悬赏 问答 充值 余额 积分 会员卡 隐藏内容 密码 评论 回复 点赞 收藏 关注 私信 提醒 通知 举报 实名认证 帮助中心 搜索 助手 话题 标签 精华 置顶 热门 最新 用户 头像 昵称 手机 邮箱 验证码 登录 注册 退出 设置 开关 审核 管理员 版主 客服 支付宝 微信 订单 退款 过期 冻结 解冻 转账 收入 支出 平台 分成 服务器 数据库 缓存 消息队列 性能 优化 部署 容器 集群 监控 日志 备份 恢复 升级 版本 接口 文档 前端 后端 手机端 浏览器 图片 视频 上传 下载 压缩 转码 播放 编辑器 表情 链接 附件 草稿 发布 删除 恢复 编辑 修改 分享 推荐 排行 统计 图表 报表 天气 旅行 美食 摄影 音乐 电影 读书 健身 跑步 篮球 足球 游戏 学习 考试 工作 面试 简历 工资 房子 租房 装修 宠物 猫咪 狗狗 孩子 教育 医院 健康 感冒 咖啡 茶叶 春节 中秋 假期 火车 飞机 地铁 自行车 汽车 电动车 充电 手机壳 耳机 键盘 鼠标 显示器 电脑 笔记本'.split(
    ' ',
  );
export const ZH_GLUE =
  '的 了 在 和 是 我 你 他 我们 怎么 如何 为什么 可以 需要 已经 还是 因为 所以 但是 如果 就 也 都 很 非常'.split(' ');
export const EN_WORDS =
  'community forum envelope bounty question answer recharge balance points membership hidden content password comment reply like favourite follow message reminder notification report identity help search assistant topic tag essence pinned hot latest member avatar nickname phone email code login register settings switch review moderator staff payment order refund expiry frozen transfer income platform share server database cache queue performance tuning deploy container cluster monitor logging backup restore upgrade version interface document frontend backend mobile browser image video upload download compress transcode player editor emoji link attachment draft publish delete edit share recommend ranking statistics chart weather travel food photography music movie reading fitness running basketball football game study exam work interview salary house rent decoration pet cat dog child education hospital health coffee tea holiday train plane subway bicycle car charger headphones keyboard mouse monitor laptop kafka mongodb projection consumer partition replica latency throughput'.split(
    ' ',
  );
export const EN_GLUE = 'the a of to and in is it for on with as how why what can should when this that my your'.split(
  ' ',
);

/** A small seeded generator (mulberry32), so every run indexes the same corpus and asks the same queries. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Common characters for the long tail of Chinese words (two-character words, as most Chinese words are). */
const ZH_CHARS =
  '人民中国大小上下年月日时分生学工作会议经济发展社会文化科技教育卫生体育交通建设环境保护能源资源市场企业管理服务产品质量价格销售投资银行金融保险证券基金股票期货外汇贸易进出口物流运输仓储商业零售批发餐饮住宿旅游娱乐新闻出版广播电视电影音乐美术设计广告传媒网络信息数据系统软件硬件安全通信电子设备仪器机械制造汽车船舶航空航天材料化工医药农业林业牧业渔业水利气象地质矿产土地城乡规划住房交流合作研究开发应用创新技术标准专利品牌营销客户用户会员社区论坛帖子评论回复话题标签搜索推荐';
const SYLLABLES =
  'ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu'.split(
    ' ',
  );

/** The vocabulary size per language: the real words above are the head, generated words the long tail. */
export const VOCABULARY = 20_000;

function vocabulary(language: 'zh' | 'en'): string[] {
  const random = seeded(language === 'zh' ? 7 : 11);
  const words = new Set(language === 'zh' ? ZH_WORDS : EN_WORDS);
  while (words.size < VOCABULARY) {
    if (language === 'zh') {
      const char = () => ZH_CHARS[Math.floor(random() * ZH_CHARS.length)]!;
      words.add(char() + char());
    } else {
      const length = 2 + Math.floor(random() * 3);
      words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
    }
  }
  return [...words];
}

/**
 * Word frequencies of natural language follow Zipf's law: the word of rank r is used ∝ 1/r (s = 1). Every word
 * of a text is drawn that way from one ranked list per language: the function words first (的, 我, the, of — the
 * head of any real frequency list, mostly dropped as stop words), then the forum words above, then a generated
 * long tail up to 20,000 content words. So the most common content word is in about a third of the documents of
 * its language and most words in a handful: long posting lists for popular query words, short for the rest.
 */
class Zipf {
  private readonly cumulative: Float64Array;
  constructor(
    readonly words: readonly string[],
    exponent = 1,
  ) {
    this.cumulative = new Float64Array(words.length);
    let sum = 0;
    for (let rank = 0; rank < words.length; rank++) this.cumulative[rank] = sum += 1 / Math.pow(rank + 1, exponent);
    for (let rank = 0; rank < words.length; rank++) this.cumulative[rank]! /= sum;
  }
  /** A word drawn by its frequency, from rank `from` on. */
  draw(random: () => number, from = 0): string {
    const floor = from > 0 ? this.cumulative[from - 1]! : 0;
    const target = floor + random() * (1 - floor);
    let low = from;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return this.words[low]!;
  }
}

const ZIPF = {
  zh: new Zipf([...new Set([...ZH_GLUE, ...vocabulary('zh')])]),
  en: new Zipf([...new Set([...EN_GLUE, ...vocabulary('en')])]),
};
/** A word of running text: function and content words by their Zipf frequency. */
const textWord = (language: 'zh' | 'en', random: () => number) => ZIPF[language].draw(random);
/** A content word, as people search for them: popular words more often (the same Zipf law below the function words). */
export const zipfWord = (language: 'zh' | 'en', random: () => number) =>
  ZIPF[language].draw(random, (language === 'zh' ? ZH_GLUE : EN_GLUE).length);

/** A sentence of `words` words, in Chinese (no spaces) or English. */
export function sentence(language: 'zh' | 'en', words: number, random: () => number): string {
  const parts = Array.from({ length: words }, () => textWord(language, random));
  return language === 'zh' ? `${parts.join('')}。` : `${parts.join(' ')}.`;
}

/** 20 tags; documents carry one or two; the bench's reader may not view the last one. */
export const TAGS = Array.from({ length: 20 }, (_, i) => `tag-${i}`);
const KINDS = ['topic', 'topic', 'topic', 'question', 'question', 'help'] as const;

/**
 * Document `i` (the same for every run): half Chinese, half English; topics, questions and a few help articles;
 * a title of 3–8 words and a body whose length is skewed like forum posts (most short, some long: 10–300 words).
 */
export function syntheticDocument(i: number): {
  id: string;
  kind: 'topic' | 'question' | 'help';
  language: 'zh' | 'en';
  title: string;
  text: string;
  tagIds: string[];
} {
  const random = seeded(i * 2654435761);
  const language = i % 2 === 0 ? 'zh' : 'en';
  const kind = KINDS[i % KINDS.length]!;
  const bodyWords = Math.min(300, Math.round(10 + 40 * (Math.exp(random() * 2) - 1)));
  const sentences: string[] = [];
  for (let left = bodyWords; left > 0;) {
    const length = Math.min(left, 6 + Math.floor(random() * 10));
    sentences.push(sentence(language, length, random));
    left -= length;
  }
  const tagIds = [TAGS[Math.floor(random() * TAGS.length)]!];
  if (random() < 0.3) tagIds.push(TAGS[Math.floor(random() * TAGS.length)]!);
  return {
    id: `${kind}:${i}`,
    kind,
    language,
    title: sentence(language, 3 + Math.floor(random() * 6), random).slice(0, -1),
    text: sentences.join(' '),
    tagIds,
  };
}

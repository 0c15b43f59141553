import { randomInt } from 'node:crypto';

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

const pick = <T>(list: readonly T[]) => list[randomInt(list.length)]!;

/** A sentence of `words` content words with glue words between, in Chinese (no spaces) or English. */
export function sentence(language: 'zh' | 'en', words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    if (i > 0 && randomInt(3) === 0) parts.push(pick(language === 'zh' ? ZH_GLUE : EN_GLUE));
    parts.push(pick(language === 'zh' ? ZH_WORDS : EN_WORDS));
  }
  return language === 'zh' ? `${parts.join('')}。` : `${parts.join(' ')}.`;
}

export function syntheticDocument(i: number): { id: string; language: 'zh' | 'en'; title: string; text: string } {
  const language = i % 2 === 0 ? 'zh' : 'en';
  const sentences = 3 + randomInt(8);
  const text = Array.from({ length: sentences }, () => sentence(language, 6 + randomInt(10))).join(' ');
  return { id: `topic:${i}`, language, title: sentence(language, 3 + randomInt(4)), text };
}

import type { Translation } from '../en/translation';

/** 用户主页（`/user/:memberId`）与私信对话的对方信息。 */
export const memberZh: Translation['member'] = {
  pageOf: '{{name}} 的主页',
  notFound: '该用户不存在。',
  loadError: '无法加载该用户。',
  joined: '{{time}} 加入',
  counts: '统计',
  followers: '粉丝',
  following: '关注',
  topics: '话题',
  questions: '问题',
  answers: '回答',
  dynamics: '动态',
  content: '该用户发表的内容',
  message: '发私信',
  messageLabel: '给 {{name}} 发私信',
  editProfile: '编辑我的资料',
  chatWith: '与 {{name}} 的对话',
  grade: '等级：{{grade}}',
  officialHint: '本站工作人员',
  openPage: '查看主页',
};

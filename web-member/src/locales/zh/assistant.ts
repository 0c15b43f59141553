import type { Translation } from '../en/translation';

/** AI 助手对话框文字。 */
export const assistantZh: Translation['assistant'] = {
  open: 'AI 助手',
  title: 'AI 助手',
  close: '关闭',
  offlineLabel: '离线助手',
  conversations: '会话',
  newConversation: '新会话',
  untitled: '会话',
  delete: '删除会话“{{title}}”',
  empty: '关于本站的问题都可以问：助手会附上帮助文章和公开帖子的链接。',
  question: '你的问题',
  send: '发送',
  stop: '停止',
  questionRequired: '请先输入问题。',
  questionTooLong: '问题太长（最多 {{max}} 个字符）。',
  noPermission: '您没有使用 AI 助手的权限。',
  closed: 'AI 助手已关闭。',
  failure: '状态码 {{status}} · {{code}} · {{message}}',
  inserted: '图片已插入编辑器',
  insertError: '请先打开编辑器：图片插入失败',
};

import type { Translation } from '../en/translation';

/** 草稿：编辑框上方的提示和控制面板里的列表。 */
export const draftsZh: Translation['drafts'] = {
  restored: '已恢复草稿',
  savedAt: '保存于 {{time}}',
  discard: '丢弃草稿',
  discarded: '草稿已丢弃。',
  listCaption: '我的草稿，最近保存的在前',
  intro:
    '未发送的内容保存在这里，在您登录的每台设备上都能继续写，发送或丢弃后删除。草稿只有您自己能看到。最多保留 {{max}} 份，超出时最早的先删除。',
  empty: '没有草稿。',
  what: '编辑框',
  text: '草稿',
  savedColumn: '保存时间',
  actions: '操作',
  open: '继续编辑',
  untitled: '（无标题）',
  kind: {
    topic: '新话题',
    'topic-edit': '编辑话题',
    comment: '评论',
    reply: '回复',
    question: '新问题',
    answer: '回答',
  },
};

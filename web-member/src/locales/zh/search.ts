import type { Translation } from '../en/translation';

/** 搜索页文字。 */
export const searchZh: Translation['search'] = {
  keyword: '关键词',
  submit: '搜索',
  type: '类型',
  sort: '排序',
  allTypes: '全部',
  tag: '标签',
  allTags: '全部标签',
  kinds: { topic: '话题', question: '问题', help: '帮助' },
  sorts: { relevance: '最相关', latest: '最新' },
  results: '搜索结果',
  hotTerms: '热门搜索',
  prompt: '输入一两个词，中文或英文都可以。',
  total_one: '共 {{count}} 条结果',
  total_other: '共 {{count}} 条结果',
  empty: '没有找到与“{{keyword}}”相关的内容。',
  loadError: '搜索失败。',
};

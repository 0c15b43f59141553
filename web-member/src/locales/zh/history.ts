import type { Translation } from '../en/translation';

/** 编辑历史：“已编辑”标记和历史版本对话框。 */
export const historyZh: Translation['history'] = {
  open: '查看编辑历史',
  title: '编辑历史',
  versions: '版本',
  version: '第 {{number}} 版',
  current: '当前',
  original: '原始',
  by: '{{name}} 编辑',
  someone: '已注销用户',
  hiddenByStaff: '已被管理员隐藏',
  hiddenNote: '管理员隐藏了这个版本，不显示其内容。',
  hiddenForStaff: '已被管理员隐藏：会员只能看到存在这个版本。',
  changesFrom: '与第 {{number}} 版相比的改动',
  firstVersion: '原始内容。',
  noChanges: '正文没有改动。',
  titleChanged: '标题',
  added: '新增',
  removed: '删除',
  locked: '隐藏内容',
  hiddenBlock: '隐藏内容',
  empty: '没有更早的版本。',
  loadError: '无法加载编辑历史。',
};

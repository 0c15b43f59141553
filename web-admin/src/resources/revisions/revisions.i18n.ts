/** The console's edit history dialog (docs/rules/forum.md and qa.md, edit history). */
export const revisionsEn = {
  open: 'History',
  title: 'Edit history',
  version: 'Version %{number}',
  current: 'Current',
  hidden_chip: 'Hidden from members',
  hide: 'Hide from members',
  show: 'Show again',
  hidden: 'Version hidden: members see “hidden by staff”',
  shown: 'Version shown again',
  empty: 'No versions yet.',
  someone: 'Cancelled account',
  locked: 'hidden content',
};

export const revisionsZh: typeof revisionsEn = {
  open: '历史',
  title: '编辑历史',
  version: '第 %{number} 版',
  current: '当前',
  hidden_chip: '已对会员隐藏',
  hide: '对会员隐藏',
  show: '重新显示',
  hidden: '已隐藏该版本：会员看到“已被管理员隐藏”',
  shown: '已重新显示该版本',
  empty: '还没有版本。',
  someone: '已注销用户',
  locked: '隐藏内容',
};

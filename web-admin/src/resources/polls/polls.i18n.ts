/** The polls screen's words: `polls.*` for verbs and states, `resources.polls` for its name and columns. */
export const pollsEn = {
  polls: {
    state: { open: 'Open', closed: 'Closed', deleted: 'Deleted' },
    verbs: { close: 'Close now', delete: 'Delete' },
    confirm: {
      close_title: 'Close this poll?',
      delete_title: 'Delete this poll?',
      content: '“%{question}” — members can no longer vote; the action is in the audit log.',
    },
    done: { close: 'Poll closed', delete: 'Poll deleted' },
  },
  resources: {
    polls: {
      name: 'Poll |||| Polls',
      fields: {
        question: 'Question',
        topicTitle: 'Topic',
        authorId: 'Author',
        options: 'Votes per option',
        voters: 'Voters',
        closesAt: 'Closes',
        state: 'State',
        actions: 'Actions',
      },
    },
  },
};

export const pollsZh: typeof pollsEn = {
  polls: {
    state: { open: '进行中', closed: '已结束', deleted: '已删除' },
    verbs: { close: '立即结束', delete: '删除' },
    confirm: {
      close_title: '结束此投票？',
      delete_title: '删除此投票？',
      content: '“%{question}”——会员将无法再投票；此操作会记入审计日志。',
    },
    done: { close: '投票已结束', delete: '投票已删除' },
  },
  resources: {
    polls: {
      name: '投票',
      fields: {
        question: '问题',
        topicTitle: '主题',
        authorId: '作者',
        options: '各选项票数',
        voters: '投票人数',
        closesAt: '结束时间',
        state: '状态',
        actions: '操作',
      },
    },
  },
};

/** The Q&A screens' words: `qa.*` for verbs and states, `resources.qa*` for names and fields. */
export const qaEn = {
  qa: {
    filters: {
      all: 'All',
      latest: 'Latest answered',
      unresolved: 'Unresolved',
      resolved: 'Resolved',
      pointsReward: 'Points reward',
      cashReward: 'Cash reward',
    },
    status: { all: 'Live and deleted', live: 'Live', deleted: 'Deleted' },
    badge: { resolved: 'Resolved', adopted: 'Adopted' },
    bounty: {
      points: '%{points} points',
      status: { held: 'Held', awarded: 'Awarded', refunded: 'Refunded' },
    },
    verbs: {
      adopt: 'Adopt',
      cancel_adoption: 'Cancel adoption',
      adjust: 'Adjust bounty',
      delete: 'Delete',
    },
    done: {
      adopt: 'Answer adopted: the bounty is paid',
      cancel_adoption: 'Adoption cancelled: the reward was reversed',
      adjust: 'Bounty adjusted',
      delete: 'Deleted',
    },
    confirm: {
      adopt_title: 'Adopt this answer?',
      adopt: 'The question becomes resolved and the bounty is paid to the answerer.',
      cancel_adoption_title: 'Cancel the adoption?',
      cancel_adoption: 'The reward is taken back from the answerer and the bounty is held again.',
      delete_title: 'Delete this item?',
      delete: 'It disappears from the site; an unawarded bounty of a deleted question goes back to the asker.',
    },
    adjust: {
      title: 'Adjust the bounty',
      amount: 'Cash (yuan, 0 for none)',
      points: 'Points',
      reason: 'Reason',
    },
    review: {
      kind: { question: 'Questions', answer: 'Answers', answerReply: 'Answer replies' },
      actions: 'Actions',
      approve: 'Approve',
      reject: 'Reject',
      approved: 'Approved: now public',
      rejected: 'Rejected',
      reject_title: 'Reject this item?',
      reject_bounty: 'Its frozen bounty goes back to the asker.',
      reason: 'Reason (shown to the author)',
      cancel: 'Cancel',
      bounty: 'Bounty: %{amount} yuan, %{points} points (frozen until reviewed)',
    },
  },
  resources: {
    qaQuestions: {
      name: 'Question |||| Questions',
      fields: {
        title: 'Title',
        asker: 'Asker',
        bounty: 'Bounty',
        answerCount: 'Answers',
        askedAt: 'Asked',
        actions: 'Actions',
        filter: 'Filter',
        deleted: 'Status',
      },
    },
    qaAnswers: {
      name: 'Answer |||| Answers',
      fields: {
        content: 'Content',
        author: 'Author',
        questionId: 'Question id',
        postedAt: 'Posted',
        actions: 'Actions',
      },
    },
    qaAnswerReplies: {
      name: 'Answer reply |||| Answer replies',
      fields: {
        content: 'Content',
        author: 'Author',
        questionId: 'Question id',
        postedAt: 'Posted',
        actions: 'Actions',
      },
    },
    qaReview: {
      name: 'Q&A review queue',
      fields: { kind: 'Kind', authorId: 'Author', submittedAt: 'Submitted', contentHtml: 'Content' },
    },
    qaTags: {
      name: 'Question tag |||| Question tags',
      fields: { name: 'Name', parentId: 'Parent tag', sort: 'Sort', leaf: 'Leaf' },
    },
  },
};

export const qaZh: typeof qaEn = {
  qa: {
    filters: {
      all: '全部',
      latest: '最新回答',
      unresolved: '未解决',
      resolved: '已解决',
      pointsReward: '积分悬赏',
      cashReward: '现金悬赏',
    },
    status: { all: '正常和已删除', live: '正常', deleted: '已删除' },
    badge: { resolved: '已解决', adopted: '已采纳' },
    bounty: {
      points: '%{points} 积分',
      status: { held: '冻结中', awarded: '已发放', refunded: '已退回' },
    },
    verbs: {
      adopt: '采纳',
      cancel_adoption: '取消采纳',
      adjust: '调整悬赏',
      delete: '删除',
    },
    done: {
      adopt: '已采纳：悬赏已发放',
      cancel_adoption: '已取消采纳：奖励已收回',
      adjust: '悬赏已调整',
      delete: '已删除',
    },
    confirm: {
      adopt_title: '采纳这个答案？',
      adopt: '问题将变为已解决，悬赏发放给回答者。',
      cancel_adoption_title: '取消采纳？',
      cancel_adoption: '奖励将从回答者处收回，悬赏重新冻结。',
      delete_title: '删除这一项？',
      delete: '它将从网站上消失；被删除问题未发放的悬赏退回给提问者。',
    },
    adjust: {
      title: '调整悬赏',
      amount: '现金（元，0 表示无）',
      points: '积分',
      reason: '原因',
    },
    review: {
      kind: { question: '问题', answer: '回答', answerReply: '回答的回复' },
      actions: '操作',
      approve: '通过',
      reject: '驳回',
      approved: '已通过，现已公开',
      rejected: '已驳回',
      reject_title: '驳回这条内容？',
      reject_bounty: '冻结的悬赏将退回给提问者。',
      reason: '原因（作者可见）',
      cancel: '取消',
      bounty: '悬赏：%{amount} 元，%{points} 积分（审核前冻结）',
    },
  },
  resources: {
    qaQuestions: {
      name: '问题',
      fields: {
        title: '标题',
        asker: '提问者',
        bounty: '悬赏',
        answerCount: '回答数',
        askedAt: '提问时间',
        actions: '操作',
        filter: '筛选',
        deleted: '状态',
      },
    },
    qaAnswers: {
      name: '答案',
      fields: { content: '内容', author: '作者', questionId: '问题 ID', postedAt: '发布时间', actions: '操作' },
    },
    qaAnswerReplies: {
      name: '答案回复',
      fields: { content: '内容', author: '作者', questionId: '问题 ID', postedAt: '发布时间', actions: '操作' },
    },
    qaReview: {
      name: '问答审核队列',
      fields: { kind: '类型', authorId: '作者', submittedAt: '提交时间', contentHtml: '内容' },
    },
    qaTags: {
      name: '问答标签',
      fields: { name: '名称', parentId: '上级标签', sort: '排序', leaf: '末级' },
    },
  },
};

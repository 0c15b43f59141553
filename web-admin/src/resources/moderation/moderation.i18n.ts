/** The moderation screens' words: `moderation.*` for verbs and states, `resources.*` for names and fields. */
export const moderationEn = {
  moderation: {
    kind: {
      topic: 'Topic',
      comment: 'Comment',
      reply: 'Reply',
      question: 'Question',
      answer: 'Answer',
      answerReply: 'Answer reply',
    },
    status: {
      10: 'Pending',
      40: 'Complaint failed',
      50: 'Complaint successful',
      1010: 'Pending (deleted by the reporter)',
      1040: 'Complaint failed (deleted by the reporter)',
      1050: 'Complaint successful (deleted by the reporter)',
      100010: 'Pending (deleted by staff)',
      100040: 'Complaint failed (deleted by staff)',
      100050: 'Complaint successful (deleted by staff)',
    },
    reports: {
      handle: 'Handle',
      handle_title: 'Handle this report',
      outcome: 'Outcome',
      result: 'Result',
      result_hint: 'Shown to the member who reported.',
      remark: 'Internal remark',
      remark_hint: 'Only staff see it.',
      delete_content: 'Delete the reported content',
      confirm: 'Confirm',
      resolved: 'Report handled.',
      content_deleted: 'deleted',
      image: 'Report image',
    },
    report_types: { root: 'None (a top-level type)' },
    visits: {
      title: 'Page views, last 30 days',
      chart: '%{total} page views in the last 30 days',
      unavailable: 'Visit statistics are not available.',
    },
  },
  resources: {
    reports: {
      name: 'Report |||| Reports',
      fields: {
        status: 'Status',
        content: 'Reported content',
        typeName: 'Type',
        reason: 'Reason',
        reporter: 'Reporter',
        filedAt: 'Reported at',
        result: 'Result',
        kind: 'Kind',
      },
    },
    reportTypes: {
      name: 'Report type |||| Report types',
      fields: { name: 'Name', parentId: 'Parent', sort: 'Order', reasonRequired: 'Reason required' },
    },
    helpCategories: {
      name: 'Help category |||| Help categories',
      fields: { name: 'Name', sort: 'Order', articleCount: 'Articles' },
    },
    helpArticles: {
      name: 'Help article |||| Help articles',
      fields: {
        title: 'Title',
        content: 'Content (plain text; a blank line between paragraphs)',
        categoryId: 'Category',
        sort: 'Order',
        updatedAt: 'Updated',
        q: 'Search',
      },
    },
    feedback: {
      name: 'Online message |||| Online messages',
      fields: { receivedAt: 'Received', name: 'Name', contact: 'Contact', content: 'Message', memberId: 'Member' },
    },
  },
};

export const moderationZh: typeof moderationEn = {
  moderation: {
    kind: { topic: '话题', comment: '评论', reply: '回复', question: '问题', answer: '答案', answerReply: '答案回复' },
    status: {
      10: '待处理',
      40: '投诉失败',
      50: '投诉成功',
      1010: '待处理（举报人已删除）',
      1040: '投诉失败（举报人已删除）',
      1050: '投诉成功（举报人已删除）',
      100010: '待处理（员工已删除）',
      100040: '投诉失败（员工已删除）',
      100050: '投诉成功（员工已删除）',
    },
    reports: {
      handle: '处理',
      handle_title: '处理该举报',
      outcome: '处理结果',
      result: '处理结果说明',
      result_hint: '举报人可以看到。',
      remark: '内部备注',
      remark_hint: '仅员工可见。',
      delete_content: '删除被举报的内容',
      confirm: '确定',
      resolved: '举报已处理。',
      content_deleted: '已删除',
      image: '举报图片',
    },
    report_types: { root: '无（顶级类型）' },
    visits: {
      title: '近 30 天访问量',
      chart: '近 30 天共 %{total} 次访问',
      unavailable: '暂无访问统计。',
    },
  },
  resources: {
    reports: {
      name: '举报',
      fields: {
        status: '状态',
        content: '被举报内容',
        typeName: '类型',
        reason: '理由',
        reporter: '举报人',
        filedAt: '举报时间',
        result: '处理结果',
        kind: '内容类型',
      },
    },
    reportTypes: {
      name: '举报类型',
      fields: { name: '名称', parentId: '上级类型', sort: '排序', reasonRequired: '需要理由' },
    },
    helpCategories: {
      name: '帮助分类',
      fields: { name: '名称', sort: '排序', articleCount: '文章数' },
    },
    helpArticles: {
      name: '帮助文章',
      fields: {
        title: '标题',
        content: '内容（纯文本；段落之间空一行）',
        categoryId: '分类',
        sort: '排序',
        updatedAt: '更新时间',
        q: '搜索',
      },
    },
    feedback: {
      name: '在线留言',
      fields: { receivedAt: '留言时间', name: '称呼', contact: '联系方式', content: '留言内容', memberId: '会员' },
    },
  },
};

/** The forum screens' words: `forum.*` for the verbs and states, `resources.{topics,tags}` for names and fields. */
export const forumEn = {
  forum: {
    topics: {
      actions: 'Actions',
      cancelled_author: 'Cancelled account',
      status: { all: 'All', live: 'Live', deleted: 'Deleted' },
      badge: { pinned: 'Pinned', essence: 'Essence', deleted: 'Deleted' },
      verbs: {
        pin: 'Pin',
        unpin: 'Unpin',
        essence: 'Mark essence',
        unessence: 'Remove essence',
        delete: 'Delete',
        restore: 'Restore',
      },
      done: {
        pin: 'Topic pinned',
        unpin: 'Topic unpinned',
        essence: 'Topic marked essence',
        unessence: 'Essence removed',
        delete: 'Topic deleted',
        restore: 'Topic restored',
      },
      confirm_delete_title: 'Delete this topic?',
      confirm_delete: '“%{title}” disappears from the site; staff can restore it.',
    },
    tags: { root: 'None (a top-level tag)' },
    review: {
      kind: { topic: 'Topics', comment: 'Comments', reply: 'Replies' },
      content: 'Content',
      actions: 'Actions',
      approve: 'Approve',
      reject: 'Reject',
      approved: 'Approved: now public',
      rejected: 'Rejected',
      reject_title: 'Reject this item?',
      reason: 'Reason (shown to the author)',
      cancel: 'Cancel',
    },
    content: {
      delete: 'Delete',
      deleted: 'Deleted',
      done_delete: 'Deleted',
      confirm_delete_title: 'Delete this item?',
      confirm_delete: 'It disappears from the topic; the event is kept.',
    },
  },
  resources: {
    comments: {
      name: 'Comment |||| Comments',
      fields: {
        contentHtml: 'Content',
        authorId: 'Author',
        topicId: 'Topic id',
        postedAt: 'Posted',
        status: 'Status',
        actions: 'Actions',
      },
    },
    replies: {
      name: 'Reply |||| Replies',
      fields: {
        contentHtml: 'Content',
        authorId: 'Author',
        topicId: 'Topic id',
        postedAt: 'Posted',
        status: 'Status',
        actions: 'Actions',
      },
    },
    review: {
      name: 'Review queue',
      fields: { kind: 'Kind', authorId: 'Author', submittedAt: 'Submitted', contentHtml: 'Content' },
    },
    topics: {
      name: 'Topic |||| Topics',
      fields: {
        title: 'Title',
        authorId: 'Author',
        tags: 'Tags',
        postedAt: 'Posted',
        commentCount: 'Comments',
        status: 'Status',
      },
    },
    tags: {
      name: 'Tag |||| Tags',
      fields: { name: 'Name', parentId: 'Parent tag', sort: 'Order', leaf: 'Topics go here' },
    },
  },
};

export const forumZh: typeof forumEn = {
  forum: {
    topics: {
      actions: '操作',
      cancelled_author: '已注销账号',
      status: { all: '全部', live: '正常', deleted: '已删除' },
      badge: { pinned: '置顶', essence: '精华', deleted: '已删除' },
      verbs: {
        pin: '置顶',
        unpin: '取消置顶',
        essence: '设为精华',
        unessence: '取消精华',
        delete: '删除',
        restore: '恢复',
      },
      done: {
        pin: '话题已置顶',
        unpin: '已取消置顶',
        essence: '话题已设为精华',
        unessence: '已取消精华',
        delete: '话题已删除',
        restore: '话题已恢复',
      },
      confirm_delete_title: '删除这个话题？',
      confirm_delete: '“%{title}”将从网站消失；员工可以恢复。',
    },
    tags: { root: '无（顶级标签）' },
    review: {
      kind: { topic: '话题', comment: '评论', reply: '回复' },
      content: '内容',
      actions: '操作',
      approve: '通过',
      reject: '驳回',
      approved: '已通过，现已公开',
      rejected: '已驳回',
      reject_title: '驳回这条内容？',
      reason: '原因（作者可见）',
      cancel: '取消',
    },
    content: {
      delete: '删除',
      deleted: '已删除',
      done_delete: '已删除',
      confirm_delete_title: '删除这条内容？',
      confirm_delete: '它将从话题中消失；事件会保留。',
    },
  },
  resources: {
    comments: {
      name: '评论',
      fields: {
        contentHtml: '内容',
        authorId: '作者',
        topicId: '话题编号',
        postedAt: '发表时间',
        status: '状态',
        actions: '操作',
      },
    },
    replies: {
      name: '回复',
      fields: {
        contentHtml: '内容',
        authorId: '作者',
        topicId: '话题编号',
        postedAt: '发表时间',
        status: '状态',
        actions: '操作',
      },
    },
    review: {
      name: '审核队列',
      fields: { kind: '类型', authorId: '作者', submittedAt: '提交时间', contentHtml: '内容' },
    },
    topics: {
      name: '话题',
      fields: {
        title: '标题',
        authorId: '作者',
        tags: '标签',
        postedAt: '发表时间',
        commentCount: '评论数',
        status: '状态',
      },
    },
    tags: {
      name: '标签',
      fields: { name: '名称', parentId: '上级标签', sort: '排序', leaf: '可发话题' },
    },
  },
};

import type { CommentView, HiddenBlockView, TagNode, TopicDetail, TopicRow } from '../api/types';

export const ann = { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false };
export const bob = { memberId: 'm2', nickname: 'Bob', avatarUrl: null, cancelled: false };
export const gone = { memberId: 'm3', nickname: null, avatarUrl: null, cancelled: true };

export function topicRow(overrides: Partial<TopicRow> = {}): TopicRow {
  return {
    topicId: 't1',
    title: 'A topic',
    summary: 'Summary',
    tagIds: ['tag-a'],
    tags: [{ tagId: 'tag-a', name: 'Rust' }],
    authorId: 'm2',
    author: bob,
    isStaff: false,
    postedAt: '2026-11-20T08:00:00.000Z',
    lastReplyAt: null,
    pinned: false,
    pinWeight: 0,
    deleted: false,
    essence: false,
    commentCount: 2,
    replyCount: 0,
    likeCount: 3,
    favoriteCount: 4,
    readCount: 50,
    unlockCount: 0,
    hideTagTypeMap: {},
    redEnvelopeId: null,
    viewCount: 50,
    ...overrides,
  };
}

export function topicDetail(overrides: Partial<TopicDetail> = {}): TopicDetail {
  return {
    ...topicRow(),
    content: '<p>Intro</p>',
    ipLocation: 'Shanghai',
    editedAt: null,
    hiddenBlocks: [],
    topicDetailPermission: true,
    canEdit: false,
    likedByMe: false,
    favouritedByMe: false,
    ...overrides,
  };
}

/** A hidden block as the detail lists it; its stable id follows its index unless given. */
export function hiddenBlock(
  overrides: Partial<HiddenBlockView> & Pick<HiddenBlockView, 'index' | 'type'>,
): HiddenBlockView {
  return { id: `block-${overrides.index}`, unlocked: false, requirement: null, needPoints: null, ...overrides };
}

export function comment(overrides: Partial<CommentView> = {}): CommentView {
  return {
    commentId: 'c1',
    topicId: 't1',
    floor: 1,
    author: { ...bob, isStaff: false },
    contentHtml: '<p>First comment</p>',
    quotes: [],
    postedAt: '2026-11-20T09:00:00.000Z',
    editedAt: null,
    likeCount: 1,
    likedByMe: false,
    replyCount: 0,
    replies: [],
    ...overrides,
  };
}

/** A parent tag over two leaves (Rust, Go): only the leaves can be chosen. */
export const tagTree: { items: TagNode[] } = {
  items: [
    {
      tagId: 'lang',
      name: 'Languages',
      parentId: null,
      sort: 0,
      leaf: false,
      children: [
        { tagId: 'rust', name: 'Rust', parentId: 'lang', sort: 0, leaf: true, children: [] },
        { tagId: 'go', name: 'Go', parentId: 'lang', sort: 1, leaf: true, children: [] },
      ],
    },
  ],
};

export const page = <T>(items: T[], extra: object = {}) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  ...extra,
});

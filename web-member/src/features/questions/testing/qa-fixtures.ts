import type { AnswerReplyView, AnswerView, QaTagNode, QuestionDetail, QuestionRow } from '../api/types';

export const ann = { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false, isStaff: false };
export const bob = { memberId: 'm2', nickname: 'Bob', avatarUrl: null, cancelled: false, isStaff: false };
export const cat = { memberId: 'm3', nickname: 'Cat', avatarUrl: null, cancelled: false, isStaff: false };

export function questionRow(overrides: Partial<QuestionRow> = {}): QuestionRow {
  return {
    questionId: 'q1',
    title: 'How do lifetimes work?',
    summary: 'I read the book twice.',
    asker: ann,
    tags: [{ tagId: 'rust', name: 'Rust' }],
    askedAt: '2026-11-20T08:00:00.000Z',
    lastAnswerAt: null,
    rewardAmount: 0,
    rewardPoints: 0,
    bounty: null,
    resolved: false,
    answerCount: 0,
    likeCount: 1,
    favouriteCount: 2,
    readCount: 30,
    deleted: false,
    ...overrides,
  };
}

export function reply(overrides: Partial<AnswerReplyView> = {}): AnswerReplyView {
  return {
    replyId: 'r1',
    answerId: 'a1',
    questionId: 'q1',
    parentReplyId: null,
    author: cat,
    content: '<p>Thanks, that helped</p>',
    postedAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    likeCount: 0,
    liked: false,
    ...overrides,
  };
}

export function answer(overrides: Partial<AnswerView> = {}): AnswerView {
  return {
    answerId: 'a1',
    questionId: 'q1',
    author: bob,
    content: '<p>Borrows must not outlive the owner</p>',
    postedAt: '2026-11-20T09:00:00.000Z',
    editedAt: null,
    adopted: false,
    replyCount: 0,
    deleted: false,
    likeCount: 0,
    liked: false,
    replies: [],
    ...overrides,
  };
}

export function questionDetail(overrides: Partial<QuestionDetail> = {}): QuestionDetail {
  return {
    ...questionRow(),
    content: '<p>Why does the borrow checker complain?</p>',
    addenda: [],
    editedAt: null,
    adoptedAnswerId: null,
    answers: [],
    liked: false,
    favourited: false,
    ...overrides,
  };
}

/** The Q&A's tag tree (the forum's shape): one group with two tags. */
export const qaTags: { items: QaTagNode[] } = {
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

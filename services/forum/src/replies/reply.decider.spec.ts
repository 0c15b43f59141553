import type { ReplyEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { PostReply, replyDecider } from './reply.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const author = { id: 'm1', staff: false };
const post = (over: Partial<PostReply> = {}): PostReply => ({
  type: 'PostReply',
  replyId: 'r1',
  commentId: 'c1',
  topicId: 't1',
  authorId: 'm1',
  isStaff: false,
  contentHtml: '<p>re</p>',
  replyTo: null,
  mentions: [],
  now,
  ...over,
});
const posted = (over: Partial<Extract<ReplyEvent, { type: 'ReplyPosted' }>['data']> = {}): ReplyEvent => ({
  type: 'ReplyPosted',
  data: {
    replyId: 'r1',
    commentId: 'c1',
    topicId: 't1',
    authorId: 'm1',
    replyToReplyId: null,
    replyToMemberId: null,
    contentHtml: '<p>re</p>',
    mentions: [],
    postedAt: now.toISOString(),
    isStaff: false,
    ...over,
  },
});
const deleted: ReplyEvent = {
  type: 'ReplyDeleted',
  data: { replyId: 'r1', commentId: 'c1', topicId: 't1', authorId: 'm1', by: 'm1', deletedAt: now.toISOString() },
};

describe('reply decider', () => {
  it('posts a reply to a comment', () => {
    given(replyDecider).when(post()).then([posted()]);
  });

  it('posts a reply to a reply, naming the member answered', () => {
    given(replyDecider)
      .when(post({ replyTo: { replyId: 'r0', memberId: 'm9' } }))
      .then([posted({ replyToReplyId: 'r0', replyToMemberId: 'm9' })]);
  });

  it('refuses a second post on the same stream', () => {
    given(replyDecider, [posted()]).when(post()).thenError('forum.reply_exists');
  });

  it('edits and deletes own replies; refuses others’', () => {
    given(replyDecider, [posted()]).when({ type: 'DeleteReply', by: author, now }).then([deleted]);
    given(replyDecider, [posted()])
      .when({ type: 'EditReply', by: { id: 'm2', staff: false }, contentHtml: 'x', mentions: [], now })
      .thenError('auth.forbidden');
  });

  it('refuses edit after delete and a double delete', () => {
    given(replyDecider, [posted(), deleted])
      .when({ type: 'EditReply', by: author, contentHtml: 'x', mentions: [], now })
      .thenError('forum.reply_not_found');
    given(replyDecider, [posted(), deleted])
      .when({ type: 'DeleteReply', by: author, now })
      .thenError('forum.reply_not_found');
  });
});

describe('reply decider: staff restore', () => {
  const staff = { id: 's1', staff: true };
  const restored: ReplyEvent = {
    type: 'ReplyRestored',
    data: { replyId: 'r1', commentId: 'c1', topicId: 't1', authorId: 'm1', by: 's1', restoredAt: now.toISOString() },
  };

  it('restores a deleted reply, which is live again', () => {
    given(replyDecider, [posted(), deleted]).when({ type: 'RestoreReply', by: staff, now }).then([restored]);
    given(replyDecider, [posted(), deleted, restored]).when({ type: 'DeleteReply', by: author, now }).then([deleted]);
  });

  it('refuses a live reply, an unknown one and a member', () => {
    given(replyDecider, [posted()]).when({ type: 'RestoreReply', by: staff, now }).thenError('forum.reply_not_deleted');
    given(replyDecider).when({ type: 'RestoreReply', by: staff, now }).thenError('forum.reply_not_found');
    given(replyDecider, [posted(), deleted])
      .when({ type: 'RestoreReply', by: author, now })
      .thenError('auth.forbidden');
  });
});

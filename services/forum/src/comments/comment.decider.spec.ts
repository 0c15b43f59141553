import type { CommentEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { commentDecider, PostComment, QUOTE_CHAIN_MAX } from './comment.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const author = { id: 'm1', staff: false };
const post = (over: Partial<PostComment> = {}): PostComment => ({
  type: 'PostComment',
  commentId: 'c1',
  topicId: 't1',
  authorId: 'm1',
  isStaff: false,
  contentHtml: '<p>hi</p>',
  quoted: null,
  mentions: [],
  now,
  ...over,
});
const posted = (over: Partial<Extract<CommentEvent, { type: 'CommentPosted' }>['data']> = {}): CommentEvent => ({
  type: 'CommentPosted',
  data: {
    commentId: 'c1',
    topicId: 't1',
    authorId: 'm1',
    contentHtml: '<p>hi</p>',
    quotedCommentId: null,
    quoteChain: [],
    mentions: [],
    postedAt: now.toISOString(),
    isStaff: false,
    ...over,
  },
});
const deleted = (by = 'm1'): CommentEvent => ({
  type: 'CommentDeleted',
  data: { commentId: 'c1', topicId: 't1', authorId: 'm1', by, deletedAt: now.toISOString() },
});

describe('comment decider', () => {
  it('posts a comment', () => {
    given(commentDecider).when(post()).then([posted()]);
  });

  it('keeps the quote chain: the quoted comment’s chain, then the quoted comment', () => {
    given(commentDecider)
      .when(post({ quoted: { commentId: 'c0', quoteChain: ['ca', 'cb'] } }))
      .then([posted({ quotedCommentId: 'c0', quoteChain: ['ca', 'cb', 'c0'] })]);
  });

  it('caps the chain at the nearest quotes', () => {
    const long = Array.from({ length: QUOTE_CHAIN_MAX + 5 }, (_, i) => `q${i}`);
    const [event] = commentDecider.decide(
      post({ quoted: { commentId: 'last', quoteChain: long } }),
      commentDecider.initialState(),
    );
    const chain = (event!.data as { quoteChain: string[] }).quoteChain;
    expect(chain).toHaveLength(QUOTE_CHAIN_MAX);
    expect(chain[chain.length - 1]).toBe('last');
  });

  it('refuses to post the same comment twice', () => {
    given(commentDecider, [posted()]).when(post()).thenError('forum.comment_exists');
  });

  it('edits own content, and does nothing when the content is unchanged', () => {
    given(commentDecider, [posted()])
      .when({ type: 'EditComment', by: author, contentHtml: '<p>new</p>', mentions: ['m2'], now })
      .then([
        {
          type: 'CommentEdited',
          data: {
            commentId: 'c1',
            topicId: 't1',
            contentHtml: '<p>new</p>',
            mentions: ['m2'],
            by: 'm1',
            editedAt: now.toISOString(),
          },
        },
      ]);
    given(commentDecider, [posted()])
      .when({ type: 'EditComment', by: author, contentHtml: '<p>hi</p>', mentions: [], now })
      .thenNothingHappened();
  });

  it('refuses another member’s edit or delete; staff may do both', () => {
    const other = { id: 'm2', staff: false };
    given(commentDecider, [posted()])
      .when({ type: 'EditComment', by: other, contentHtml: 'x', mentions: [], now })
      .thenError('auth.forbidden');
    given(commentDecider, [posted()]).when({ type: 'DeleteComment', by: other, now }).thenError('auth.forbidden');
    given(commentDecider, [posted()])
      .when({ type: 'DeleteComment', by: { id: 's1', staff: true }, now })
      .then([deleted('s1')]);
  });

  it('refuses edit after delete, and a second delete', () => {
    given(commentDecider, [posted(), deleted()])
      .when({ type: 'EditComment', by: author, contentHtml: 'x', mentions: [], now })
      .thenError('forum.comment_not_found');
    given(commentDecider, [posted(), deleted()])
      .when({ type: 'DeleteComment', by: author, now })
      .thenError('forum.comment_not_found');
  });

  it('refuses edit or delete of a comment never posted', () => {
    given(commentDecider).when({ type: 'DeleteComment', by: author, now }).thenError('forum.comment_not_found');
  });
});

describe('comment decider: staff restore', () => {
  const staff = { id: 's1', staff: true };
  const restored: CommentEvent = {
    type: 'CommentRestored',
    data: { commentId: 'c1', topicId: 't1', authorId: 'm1', by: 's1', restoredAt: now.toISOString() },
  };

  it('restores a deleted comment, which can then be edited and deleted again', () => {
    given(commentDecider, [posted(), deleted()]).when({ type: 'RestoreComment', by: staff, now }).then([restored]);
    given(commentDecider, [posted(), deleted(), restored])
      .when({ type: 'DeleteComment', by: author, now })
      .then([deleted()]);
  });

  it('refuses a live comment, an unknown one and a member', () => {
    given(commentDecider, [posted()])
      .when({ type: 'RestoreComment', by: staff, now })
      .thenError('forum.comment_not_deleted');
    given(commentDecider, [posted(), deleted(), restored])
      .when({ type: 'RestoreComment', by: staff, now })
      .thenError('forum.comment_not_deleted');
    given(commentDecider).when({ type: 'RestoreComment', by: staff, now }).thenError('forum.comment_not_found');
    given(commentDecider, [posted(), deleted()])
      .when({ type: 'RestoreComment', by: author, now })
      .thenError('auth.forbidden');
  });
});

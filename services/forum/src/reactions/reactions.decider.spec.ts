import type { CommentEvent, LikeEvent, ReplyEvent } from '@forum/contracts';
import { fold } from '@forum/event-store';
import { given } from '@forum/testing';
import { favouriteDecider, likeDecider, ReactionTarget } from './like.decider';
import { CountEvent, likeCounterDecider, topicCountersDecider } from '../shared/topic-counters.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const at = now.toISOString();
const topic: ReactionTarget = { kind: 'topic', id: 't1', topicId: 't1', authorId: 'a1' };
const likeData = {
  targetKind: 'topic' as const,
  targetId: 't1',
  topicId: 't1',
  memberId: 'm1',
  targetAuthorId: 'a1',
  at,
};
const liked: LikeEvent = { type: 'ContentLiked', data: likeData };
const unliked: LikeEvent = { type: 'ContentUnliked', data: likeData };

describe('like decider (a toggle per member and target)', () => {
  it('likes once; a second like is a no-op', () => {
    given(likeDecider).when({ type: 'Add', target: topic, memberId: 'm1', now }).then([liked]);
    given(likeDecider, [liked]).when({ type: 'Add', target: topic, memberId: 'm1', now }).thenNothingHappened();
  });

  it('unliking when not liked is a no-op, even with no target known', () => {
    given(likeDecider).when({ type: 'Remove', target: null, memberId: 'm1', now }).thenNothingHappened();
    given(likeDecider, [liked, unliked])
      .when({ type: 'Remove', target: null, memberId: 'm1', now })
      .thenNothingHappened();
  });

  it('unlikes a deleted target from what the stream remembers', () => {
    given(likeDecider, [liked]).when({ type: 'Remove', target: null, memberId: 'm1', now }).then([unliked]);
  });

  it('favourites toggle the same way', () => {
    const target = { topicId: 't1', authorId: 'a1' };
    const data = { topicId: 't1', memberId: 'm1', topicAuthorId: 'a1', at };
    given(favouriteDecider)
      .when({ type: 'Add', target, memberId: 'm1', now })
      .then([{ type: 'TopicFavourited', data }]);
    given(favouriteDecider, [{ type: 'TopicFavourited', data }])
      .when({ type: 'Add', target, memberId: 'm1', now })
      .thenNothingHappened();
    given(favouriteDecider).when({ type: 'Remove', target: null, memberId: 'm1', now }).thenNothingHappened();
  });
});

let seq = 0;
const count = (source: CommentEvent | ReplyEvent | LikeEvent): CountEvent => ({
  type: 'Count',
  topicId: 't1',
  source: { id: `e${++seq}`, ...source } as CountEvent['source'],
});
const commentPosted = (commentId: string, postedAt = at): CommentEvent => ({
  type: 'CommentPosted',
  data: {
    commentId,
    topicId: 't1',
    authorId: 'm1',
    contentHtml: 'x',
    quotedCommentId: null,
    quoteChain: [],
    mentions: [],
    postedAt,
    isStaff: false,
  },
});
const commentDeleted = (commentId: string): CommentEvent => ({
  type: 'CommentDeleted',
  data: { commentId, topicId: 't1', authorId: 'm1', by: 'm1', deletedAt: at },
});
const replyPosted = (replyId: string, commentId: string, postedAt = at): ReplyEvent => ({
  type: 'ReplyPosted',
  data: {
    replyId,
    commentId,
    topicId: 't1',
    authorId: 'm2',
    replyToReplyId: null,
    replyToMemberId: null,
    contentHtml: 'r',
    mentions: [],
    postedAt,
    isStaff: false,
  },
});
const replyDeleted = (replyId: string, commentId: string): ReplyEvent => ({
  type: 'ReplyDeleted',
  data: { replyId, commentId, topicId: 't1', authorId: 'm2', by: 'm2', deletedAt: at },
});

/** Runs the counter decider over source events, as the reactor does, and returns the final counters. */
function countAll(sources: (CommentEvent | ReplyEvent | LikeEvent)[]) {
  let state = topicCountersDecider.initialState();
  for (const source of sources) {
    const events = topicCountersDecider.decide(count(source), state);
    state = fold(topicCountersDecider, events, state);
  }
  const { comments: _comments, ...counts } = state;
  return counts;
}

describe('topic counters decider (absolute values per source event)', () => {
  it('counts comments, replies, likes and the last reply time', () => {
    expect(
      countAll([
        commentPosted('c1', '2026-11-21T10:00:00.000Z'),
        commentPosted('c2', '2026-11-21T10:05:00.000Z'),
        replyPosted('r1', 'c1', '2026-11-21T10:07:00.000Z'),
        liked,
      ]),
    ).toEqual({
      commentCount: 2,
      replyCount: 1,
      likeCount: 1,
      favoriteCount: 0,
      lastReplyAt: '2026-11-21T10:07:00.000Z',
    });
  });

  it('emits absolute values and the source event id', () => {
    const [event] = topicCountersDecider.decide(
      { type: 'Count', topicId: 't1', source: { id: 'src-1', ...commentPosted('c1') } as CountEvent['source'] },
      topicCountersDecider.initialState(),
    );
    expect(event!.data).toMatchObject({ topicId: 't1', commentCount: 1, sourceEventId: 'src-1' });
  });

  it('a deleted comment takes its live replies out of replyCount, once', () => {
    expect(
      countAll([
        commentPosted('c1'),
        replyPosted('r1', 'c1'),
        replyPosted('r2', 'c1'),
        replyDeleted('r2', 'c1'),
        commentDeleted('c1'),
        commentDeleted('c1'),
        replyDeleted('r1', 'c1'),
      ]),
    ).toMatchObject({ commentCount: 0, replyCount: 0 });
  });

  it('a restored comment counts again exactly once, with the replies it kept', () => {
    const restored = (commentId: string): CommentEvent => ({
      type: 'CommentRestored',
      data: { commentId, topicId: 't1', authorId: 'm1', by: 's1', restoredAt: at },
    });
    const replyRestored = (replyId: string, commentId: string): ReplyEvent => ({
      type: 'ReplyRestored',
      data: { replyId, commentId, topicId: 't1', authorId: 'm2', by: 's1', restoredAt: at },
    });
    const history = [
      commentPosted('c1'),
      commentPosted('c2'),
      replyPosted('r1', 'c1'),
      replyPosted('r2', 'c1'),
      replyDeleted('r2', 'c1'),
      commentDeleted('c1'),
    ];
    expect(countAll(history)).toMatchObject({ commentCount: 1, replyCount: 0 });
    expect(countAll([...history, restored('c1')])).toMatchObject({ commentCount: 2, replyCount: 1 });
    // A live comment's restore (or a second one) moves nothing; a reply restored under a deleted comment
    // only joins its tally and comes back with the comment.
    expect(countAll([...history, restored('c1'), restored('c1'), restored('c2')])).toMatchObject({
      commentCount: 2,
      replyCount: 1,
    });
    expect(countAll([...history, replyRestored('r2', 'c1')])).toMatchObject({ commentCount: 1, replyCount: 0 });
    expect(countAll([...history, replyRestored('r2', 'c1'), restored('c1')])).toMatchObject({
      commentCount: 2,
      replyCount: 2,
    });
  });

  it('a reply counted before its comment (another Kafka topic) still belongs to it', () => {
    expect(countAll([replyPosted('r1', 'c1'), commentPosted('c1'), commentDeleted('c1')])).toMatchObject({
      commentCount: 0,
      replyCount: 0,
    });
  });

  it('likes of comments do not move the topic; they go to the target’s own like counter', () => {
    const commentLike: LikeEvent = {
      type: 'ContentLiked',
      data: { ...likeData, targetKind: 'comment', targetId: 'c1' },
    };
    given(topicCountersDecider).when(count(commentLike)).thenNothingHappened();
    const [event] = likeCounterDecider.decide(
      { type: 'Count', source: { id: 'e', ...commentLike } },
      likeCounterDecider.initialState(),
    );
    expect(event!.data).toMatchObject({ targetKind: 'comment', targetId: 'c1', likeCount: 1 });
  });
});

import type { FollowEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { followDecider, followStream } from './follow.decider';

const t1 = new Date('2026-11-21T10:00:00.000Z');
const t2 = new Date('2026-11-21T11:00:00.000Z');
const followed: FollowEvent = {
  type: 'MemberFollowed',
  data: { followerId: 'a', followeeId: 'b', at: t1.toISOString() },
};
const follow = (now = t1) => ({ type: 'Follow', followerId: 'a', followeeId: 'b', now }) as const;
const unfollow = (now = t2) => ({ type: 'Unfollow', followerId: 'a', followeeId: 'b', now }) as const;

describe('follow decider (one stream per pair)', () => {
  it('follows once', () => {
    given(followDecider).when(follow()).then([followed]);
  });

  it('does nothing when already following (PUT is idempotent)', () => {
    given(followDecider, [followed]).when(follow(t2)).thenNothingHappened();
  });

  it('unfollows, remembering when the follow began', () => {
    given(followDecider, [followed])
      .when(unfollow())
      .then([
        {
          type: 'MemberUnfollowed',
          data: { followerId: 'a', followeeId: 'b', followedAt: t1.toISOString(), at: t2.toISOString() },
        },
      ]);
  });

  it('does nothing when unfollowing what is not followed (DELETE is idempotent)', () => {
    given(followDecider).when(unfollow()).thenNothingHappened();
    given(followDecider, [
      followed,
      {
        type: 'MemberUnfollowed',
        data: { followerId: 'a', followeeId: 'b', followedAt: t1.toISOString(), at: t2.toISOString() },
      },
    ])
      .when(unfollow())
      .thenNothingHappened();
  });

  it('refuses following oneself', () => {
    given(followDecider)
      .when({ type: 'Follow', followerId: 'a', followeeId: 'a', now: t1 })
      .thenError('identity.cannot_follow_self');
  });

  it('names the pair stream follower first', () => {
    expect(followStream('a', 'b')).toBe('follow-a_b');
  });
});

import type { MemberEvent, MemberProfileEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { profileDecider } from './profile.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const at = now.toISOString();
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', account: 'alice', nickname: 'Alice', kind: 'member', method: 'account', registeredAt: at },
};
const cancelled: MemberProfileEvent = {
  type: 'MemberCancelled',
  data: { memberId: 'm1', by: 'member', cancelledAt: at },
};
const changeProfile = (nickname: string, allowUserDynamic = true) =>
  ({ type: 'ChangeProfile', memberId: 'm1', nickname, allowUserDynamic, now }) as const;

describe('profile decider (the member stream)', () => {
  it('changes the nickname and activity visibility, carrying the whole value', () => {
    given(profileDecider, [registered])
      .when(changeProfile('Alicia', false))
      .then([
        {
          type: 'ProfileChanged',
          data: { memberId: 'm1', nickname: 'Alicia', allowUserDynamic: false, changedAt: at },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given(profileDecider, [registered]).when(changeProfile('Alice')).thenNothingHappened();
  });

  it('changes the avatar, once per new picture', () => {
    const changed: MemberProfileEvent = {
      type: 'AvatarChanged',
      data: { memberId: 'm1', avatarUrl: '/api/files/avatars/m1/a.webp', changedAt: at },
    };
    given(profileDecider, [registered])
      .when({ type: 'ChangeAvatar', memberId: 'm1', avatarUrl: '/api/files/avatars/m1/a.webp', now })
      .then([changed]);
    given(profileDecider, [registered, changed])
      .when({ type: 'ChangeAvatar', memberId: 'm1', avatarUrl: '/api/files/avatars/m1/a.webp', now })
      .thenNothingHappened();
  });

  it('records a password change without the password', () => {
    given(profileDecider, [registered])
      .when({ type: 'ChangePassword', memberId: 'm1', now })
      .then([{ type: 'PasswordChanged', data: { memberId: 'm1', at, reason: 'change' } }]);
  });

  it('cancels once; a cancelled account changes nothing any more', () => {
    given(profileDecider, [registered]).when({ type: 'Cancel', memberId: 'm1', by: 'member', now }).then([cancelled]);
    given(profileDecider, [registered, cancelled])
      .when({ type: 'Cancel', memberId: 'm1', by: 'member', now })
      .thenNothingHappened();
    given(profileDecider, [registered, cancelled]).when(changeProfile('Zed')).thenError('identity.account_cancelled');
    given(profileDecider, [registered, cancelled])
      .when({ type: 'ChangePassword', memberId: 'm1', now })
      .thenError('identity.account_cancelled');
  });

  it('refuses a member that does not exist', () => {
    given(profileDecider).when(changeProfile('Ghost')).thenError('identity.member_not_found');
  });
});

import type { NewEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { MemberStateCommand, memberStateDecider } from './member-state.decider';

const registered: NewEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', account: 'a', nickname: 'n', kind: 'member', method: 'account', registeredAt: 'x' },
};
const now = new Date('2026-11-21T10:00:00Z');
const setState = (state: 'enabled' | 'disabled'): MemberStateCommand => ({
  type: 'SetState',
  memberId: 'm1',
  state,
  by: 's1',
  now,
});
const disabled: NewEvent = { type: 'MemberDisabled', data: { memberId: 'm1', by: 's1', at: now.toISOString() } };

describe('member state decider', () => {
  it('disables an enabled member, and enables it again', () => {
    given(memberStateDecider, [registered]).when(setState('disabled')).then([disabled]);
    given(memberStateDecider, [registered, disabled])
      .when(setState('enabled'))
      .then([{ type: 'MemberEnabled', data: { memberId: 'm1', by: 's1', at: now.toISOString() } }]);
  });

  it('does nothing when the state is already the one asked for', () => {
    given(memberStateDecider, [registered]).when(setState('enabled')).thenNothingHappened();
    given(memberStateDecider, [registered, disabled]).when(setState('disabled')).thenNothingHappened();
  });

  it('refuses unknown and cancelled members', () => {
    given(memberStateDecider).when(setState('disabled')).thenError('common.not_found');
    given(memberStateDecider, [registered, { type: 'MemberCancelled', data: {} }])
      .when(setState('enabled'))
      .thenError('identity.account_disabled');
  });
});

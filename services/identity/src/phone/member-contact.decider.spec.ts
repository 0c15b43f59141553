import type { MemberContactEvent, MemberEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { memberContactDecider } from './member-contact.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: {
    memberId: 'm1',
    account: 'u1234567890',
    nickname: 'ann',
    kind: 'member',
    method: 'phone',
    registeredAt: now.toISOString(),
  },
};
const phoneBound: MemberContactEvent = {
  type: 'PhoneBound',
  data: { memberId: 'm1', phoneMasked: '138****5678', boundAt: now.toISOString() },
};

describe('member contact decider (phone binding = real-name authentication)', () => {
  it('binds a first phone number', () => {
    given(memberContactDecider, [registered])
      .when({ type: 'BindPhone', memberId: 'm1', phoneMasked: '138****5678', now })
      .then([phoneBound]);
  });

  it('refuses a second binding: a new number goes through the change steps', () => {
    given(memberContactDecider, [registered, phoneBound])
      .when({ type: 'BindPhone', memberId: 'm1', phoneMasked: '139****0000', now })
      .thenError('identity.phone_already_bound');
  });

  it('changes a bound number, and refuses a change when none is bound', () => {
    given(memberContactDecider, [registered, phoneBound])
      .when({ type: 'ChangePhone', memberId: 'm1', phoneMasked: '139****0000', now })
      .then([
        { type: 'PhoneChanged', data: { memberId: 'm1', phoneMasked: '139****0000', changedAt: now.toISOString() } },
      ]);
    given(memberContactDecider, [registered])
      .when({ type: 'ChangePhone', memberId: 'm1', phoneMasked: '139****0000', now })
      .thenError('identity.phone_not_bound');
  });

  it('binds an email address and records a password change with its reason', () => {
    given(memberContactDecider, [registered])
      .when({ type: 'BindEmail', memberId: 'm1', emailMasked: 'an***@example.com', now })
      .then([
        { type: 'EmailBound', data: { memberId: 'm1', emailMasked: 'an***@example.com', boundAt: now.toISOString() } },
      ]);
    given(memberContactDecider, [registered, phoneBound])
      .when({ type: 'RecordPasswordChange', memberId: 'm1', reason: 'recovery', now })
      .then([{ type: 'PasswordChanged', data: { memberId: 'm1', at: now.toISOString(), reason: 'recovery' } }]);
  });

  it('refuses anything for a member who never registered', () => {
    given(memberContactDecider, [])
      .when({ type: 'BindPhone', memberId: 'm1', phoneMasked: '138****5678', now })
      .thenError('common.not_found');
  });
});

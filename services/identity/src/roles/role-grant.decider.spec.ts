import type { RoleGrantEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { RoleGrantCommand, roleGrantDecider } from './role-grant.decider';

const grant = (overrides: Partial<Extract<RoleGrantCommand, { type: 'Grant' }>> = {}): RoleGrantCommand => ({
  type: 'Grant',
  memberId: 'm1',
  roleId: 'vip',
  validUntil: '2026-12-31T00:00:00.000Z',
  reason: 'membership card',
  grantedBy: 'order-1',
  ...overrides,
});

const granted = (validUntil: string | null = '2026-12-31T00:00:00.000Z'): RoleGrantEvent => ({
  type: 'RoleGranted',
  data: { memberId: 'm1', roleId: 'vip', validUntil, reason: 'membership card', grantedBy: 'order-1' },
});

const revoke: RoleGrantCommand = { type: 'Revoke', memberId: 'm1', roleId: 'vip', reason: 'staff', revokedBy: 's1' };

describe('role grant decider', () => {
  it('grants a role for a period', () => {
    given(roleGrantDecider).when(grant()).then([granted()]);
  });

  it('does nothing when the same grant comes again (a retried step), and extends when the period changes', () => {
    given(roleGrantDecider, [granted()]).when(grant()).thenNothingHappened();
    given(roleGrantDecider, [granted()])
      .when(grant({ validUntil: null }))
      .then([granted(null)]);
  });

  it('revokes a held role once', () => {
    given(roleGrantDecider, [granted()])
      .when(revoke)
      .then([{ type: 'RoleRevoked', data: { memberId: 'm1', roleId: 'vip', reason: 'staff', revokedBy: 's1' } }]);
    given(roleGrantDecider, [
      granted(),
      { type: 'RoleRevoked', data: { memberId: 'm1', roleId: 'vip', reason: 'staff', revokedBy: 's1' } },
    ])
      .when(revoke)
      .thenNothingHappened();
    given(roleGrantDecider).when(revoke).thenNothingHappened();
  });

  it('grants again after a revocation', () => {
    const revoked: RoleGrantEvent = {
      type: 'RoleRevoked',
      data: { memberId: 'm1', roleId: 'vip', reason: 'staff', revokedBy: 's1' },
    };
    given(roleGrantDecider, [granted(), revoked]).when(grant()).then([granted()]);
  });
});

describe('role grant decider: bought periods', () => {
  const extend = (now: string, duration = 1, unit: 'hour' | 'day' | 'month' | 'year' = 'month'): RoleGrantCommand => ({
    type: 'Extend',
    memberId: 'm1',
    roleId: 'vip',
    duration,
    unit,
    now: new Date(now),
    reason: 'membership card',
    grantedBy: 'order-1',
  });

  it('starts from now when the role is not held or has lapsed, from the current end while it lasts', () => {
    given(roleGrantDecider)
      .when(extend('2026-01-31T10:00:00.000Z'))
      .then([granted('2026-02-28T10:00:00.000Z')]);
    given(roleGrantDecider, [granted('2026-03-01T00:00:00.000Z')])
      .when(extend('2026-12-01T00:00:00.000Z', 2, 'day'))
      .then([granted('2026-12-03T00:00:00.000Z')]);
    given(roleGrantDecider, [granted('2026-12-31T00:00:00.000Z')])
      .when(extend('2026-12-01T00:00:00.000Z', 1, 'year'))
      .then([granted('2027-12-31T00:00:00.000Z')]);
    given(roleGrantDecider, [granted('2026-12-31T00:00:00.000Z')])
      .when(extend('2026-12-01T00:00:00.000Z', 5, 'hour'))
      .then([granted('2026-12-31T05:00:00.000Z')]);
  });

  it('adds nothing to a role held for good', () => {
    given(roleGrantDecider, [granted(null)])
      .when(extend('2026-12-01T00:00:00.000Z'))
      .thenNothingHappened();
  });
});

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

import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { isMember, requireMember } from './signed-in';

function refusal(actor: Actor): string | undefined {
  try {
    requireMember(actor);
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
}

describe('the signed-in member check', () => {
  it('answers a member or a staff account with its id, staff acting as themselves', () => {
    expect(requireMember({ kind: 'member', id: 'm1', ip: '10.0.0.1' })).toEqual({ id: 'm1', staff: false });
    expect(requireMember({ kind: 'staff', id: 's1' })).toEqual({ id: 's1', staff: true });
  });

  it('refuses a visitor, an account without id and the system with auth.unauthorized (401)', () => {
    expect(refusal({ kind: 'visitor', id: null })).toBe('auth.unauthorized');
    expect(refusal({ kind: 'member', id: null })).toBe('auth.unauthorized');
    expect(refusal({ kind: 'system', id: 'reactor' })).toBe('auth.unauthorized');
    expect(isMember({ kind: 'visitor', id: null })).toBe(false);
    expect(isMember({ kind: 'staff', id: 's1' })).toBe(true);
  });
});

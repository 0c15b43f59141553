import { describe, expect, it } from 'vitest';
import { mayOpen } from './staff-permissions';

describe('which screens the console shows', () => {
  it('shows a screen to staff holding its permission, and hides it from the others', () => {
    expect(mayOpen(['members.manage'], 'members')).toBe(true);
    expect(mayOpen(['reports.handle'], 'members')).toBe(false);
    expect(mayOpen(['reports.handle'], 'settings')).toBe(false);
    expect(mayOpen(['settings.edit', 'roles.manage'], 'roles')).toBe(true);
    expect(mayOpen(['settings.read'], 'settings')).toBe(true);
    expect(mayOpen(['settings.read'], 'content')).toBe(false);
    expect(mayOpen(['content.manage'], 'content')).toBe(true);
    expect(mayOpen(['content.manage'], 'outbox')).toBe(false);
    expect(mayOpen(['outbox.read'], 'outbox')).toBe(true);
  });

  it('shows everything while the permissions are unknown (the server still checks)', () => {
    expect(mayOpen([], 'settings')).toBe(true);
    expect(mayOpen(undefined, 'roles')).toBe(true);
  });
});

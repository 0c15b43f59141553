import type { Actor } from '@forum/contracts';
import { effectivePermissions } from './effective-permissions';
import type { PermissionGrantDocument, PermissionRoleDocument } from './permission-sets.projection';

const role = (overrides: Partial<PermissionRoleDocument> & { _id: string }): PermissionRoleDocument => ({
  name: overrides._id,
  kind: 'member',
  permissions: [],
  isDefault: false,
  deleted: false,
  ...overrides,
});

const grant = (roleId: string, validUntil: string | null = null, active = true): PermissionGrantDocument => ({
  _id: `m1.${roleId}`,
  memberId: 'm1',
  roleId,
  validUntil,
  active,
});

const roles = new Map(
  [
    role({
      _id: 'member',
      isDefault: true,
      permissions: [
        { permission: 'topic.view', tagIds: null },
        { permission: 'topic.post', tagIds: ['general'] },
      ],
    }),
    role({ _id: 'writers', permissions: [{ permission: 'topic.post', tagIds: ['news'] }] }),
    role({ _id: 'everywhere', permissions: [{ permission: 'topic.post', tagIds: null }] }),
    role({ _id: 'auditors', kind: 'staff', permissions: [{ permission: 'audit.read', tagIds: null }] }),
    role({ _id: 'gone', deleted: true, permissions: [{ permission: 'like', tagIds: null }] }),
  ].map((r) => [r._id, r]),
);

const member: Actor = { kind: 'member', id: 'm1' };
const staff: Actor = { kind: 'staff', id: 'm1' };
const now = new Date('2026-11-21T12:00:00Z');

describe('effective permissions', () => {
  it('unites the default roles with the granted ones, tag by tag', () => {
    const set = effectivePermissions(member, roles, [grant('writers')], now);
    expect(set.tagIds('topic.post')).toEqual(['general', 'news']);
    expect(set.has('topic.post', 'news')).toBe(true);
    expect(set.has('topic.post', 'sports')).toBe(false);
    expect(set.has('topic.post')).toBe(true);
    expect(set.hasOnAll('topic.post', ['general', 'news'])).toBe(true);
    expect(set.hasOnAll('topic.post', ['general', 'sports'])).toBe(false);
    expect(set.tagIds('topic.view')).toBeNull();
  });

  it('lets an unlimited grant win over tag limits', () => {
    expect(
      effectivePermissions(member, roles, [grant('writers'), grant('everywhere')], now).tagIds('topic.post'),
    ).toBeNull();
  });

  it('drops expired, revoked and deleted-role grants', () => {
    const set = effectivePermissions(
      member,
      roles,
      [grant('writers', '2026-11-21T12:00:00.000Z'), grant('everywhere', null, false), grant('gone')],
      now,
    );
    expect(set.tagIds('topic.post')).toEqual(['general']);
    expect(set.has('like')).toBe(false);
    expect(
      effectivePermissions(member, roles, [grant('writers', '2026-11-21T12:00:00.001Z')], now).has(
        'topic.post',
        'news',
      ),
    ).toBe(true);
  });

  it('counts staff permissions for staff accounts only', () => {
    expect(effectivePermissions(staff, roles, [grant('auditors')], now).list()).toContain('audit.read');
    expect(effectivePermissions(member, roles, [grant('auditors')], now).has('audit.read')).toBe(false);
  });

  it('lets visitors view what the default roles show, and nothing else; the system do everything', () => {
    const visitor = effectivePermissions({ kind: 'visitor', id: null }, roles, [], now);
    expect(visitor.list()).toEqual(['topic.view']);
    expect(effectivePermissions({ kind: 'system', id: null }, roles, [], now).has('money.adjust')).toBe(true);
  });
});

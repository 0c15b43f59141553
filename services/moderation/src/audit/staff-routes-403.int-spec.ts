import { isStaffPermission, STAFF_PERMISSIONS } from '@forum/contracts';
import type { ErrorBody, StaffPermission } from '@forum/contracts';
import { CONTEXT_NAMES, staffAccount, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}
interface Operation {
  'x-required-permission'?: string;
  'x-staff-only'?: boolean;
}

/**
 * docs/rules/people.md (staff permissions) / issue 9: a staff member without a permission gets 403 from every admin endpoint of that area. The
 * routes come from the OpenAPI document of the whole product (every context), grouped by the permission their
 * `@RequiresPermission` declares: enumerated, not hand-picked. For each staff permission, a staff account holding
 * every other staff permission is refused on each route of the group; a member and a visitor are refused on every
 * staff route.
 */
describe('every staff route refuses whoever lacks its permission', () => {
  let t: TestApp;
  const byPermission = new Map<StaffPermission, Route[]>();
  const staffOnly: Route[] = [];

  /** A concrete URL: path parameters become a well-formed id that names nothing. */
  const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'x0000000000000000000000');
  const call = (client: TestApp['client'], route: Route) =>
    client.request<ErrorBody>(route.method, urlOf(route.path), route.method === 'GET' ? undefined : {});

  beforeAll(async () => {
    t = await startTestApp(CONTEXT_NAMES);
    const document = await t.client.get<{ paths: Record<string, Record<string, Operation>> }>('/api/docs/json');
    for (const [path, operations] of Object.entries(document.body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = { method: method.toUpperCase() as Method, path };
        const permission = operation['x-required-permission'];
        if (permission && isStaffPermission(permission)) {
          byPermission.set(permission, [...(byPermission.get(permission) ?? []), route]);
        } else if (operation['x-staff-only']) {
          staffOnly.push(route);
        }
      }
    }
  }, 300_000);
  afterAll(() => t.close());

  it('finds the staff routes of every area in the OpenAPI document', () => {
    const count = (p: StaffPermission) => byPermission.get(p)?.length ?? 0;
    for (const permission of STAFF_PERMISSIONS) expect([permission, count(permission) > 0]).toEqual([permission, true]);
    expect(byPermission.get('audit.read')).toEqual(
      expect.arrayContaining([{ method: 'GET', path: '/api/moderation/staff/audit-log' }]),
    );
  });

  it('answers 403 to a staff member holding every staff permission but the route’s own', async () => {
    const admin = await staffAccount(t.app, 'routes_admin', { contexts: ['identity'] });
    const refusals: string[] = [];
    for (const [index, permission] of [...byPermission.keys()].entries()) {
      const others = STAFF_PERMISSIONS.filter((p) => p !== permission);
      const role = await t.client.as(admin, 'staff').post<{ id: string }>('/api/identity/roles', {
        name: `without ${permission}`.slice(0, 30),
        kind: 'staff',
        permissions: others.map((p) => ({ permission: p, tagIds: null })),
      });
      expect(role.status).toBe(201);
      const lacking = await staffAccount(t.app, `lacks${index}x`, {
        roleId: role.body.id,
        contexts: CONTEXT_NAMES,
        permission: others[0]!,
      });
      const client = t.client.as(lacking, 'staff');
      for (const route of byPermission.get(permission)!) {
        const response = await call(client, route);
        refusals.push(`${permission} ${route.method} ${route.path} → ${response.status} ${response.body.code}`);
      }
    }
    expect(refusals.length).toBeGreaterThan(20);
    expect(refusals.filter((line) => !line.endsWith('→ 403 auth.forbidden'))).toEqual([]);
  }, 600_000);

  it('answers 403 to a member and 401 to a visitor on every staff route', async () => {
    const everyStaffRoute = [...[...byPermission.values()].flat(), ...staffOnly];
    const member = t.client.as('member-of-nothing', 'member');
    const wrong: string[] = [];
    for (const route of everyStaffRoute) {
      const asMember = await call(member, route);
      const asVisitor = await call(t.client.anonymous(), route);
      if (asMember.status !== 403) wrong.push(`member ${route.method} ${route.path} → ${asMember.status}`);
      if (asVisitor.status !== 401) wrong.push(`visitor ${route.method} ${route.path} → ${asVisitor.status}`);
    }
    expect(everyStaffRoute.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  }, 300_000);
});

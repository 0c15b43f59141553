import { describe, expect, it } from 'vitest';
import { providerOver } from '../../testing/provider-over';

describe('memberVerbs: a member’s state and roles', () => {
  it('enables and disables a member, grants a role with its end or for good, and revokes it', async () => {
    const { api, dataProvider } = providerOver({
      'POST /api/identity/members/m%2F1/state': { json: { id: 'm/1', state: 'disabled' } },
      'POST /api/identity/members/m-1/roles': { json: [] },
      'DELETE /api/identity/members/m-1/roles/vip': { status: 204 },
      'GET /api/identity/members/m-1/roles': {
        json: [{ roleId: 'vip', name: 'VIP', kind: 'member', validUntil: null, expired: false }],
      },
    });
    expect(await dataProvider.setMemberState('m/1', 'disabled')).toEqual({ data: { id: 'm/1', state: 'disabled' } });
    await dataProvider.grantRole('m-1', { roleId: 'vip', validUntil: '2027-01-01T00:00:00.000Z' });
    await dataProvider.grantRole('m-1', { roleId: 'vip', validUntil: null });
    await dataProvider.revokeRole('m-1', 'vip');
    expect(await dataProvider.memberRoles('m-1')).toEqual([
      { roleId: 'vip', name: 'VIP', kind: 'member', validUntil: null, expired: false },
    ]);
    expect(api.requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/identity/members/m%2F1/state', '{"state":"disabled"}'],
      ['POST', '/api/identity/members/m-1/roles', '{"roleId":"vip","validUntil":"2027-01-01T00:00:00.000Z"}'],
      ['POST', '/api/identity/members/m-1/roles', '{"roleId":"vip","validUntil":null}'],
      ['DELETE', '/api/identity/members/m-1/roles/vip', undefined],
      ['GET', '/api/identity/members/m-1/roles', undefined],
    ]);
    for (const request of api.requests.slice(0, 4)) {
      expect(request.headers['idempotency-key']).toMatch(/^key-\d$/);
      expect(request.headers['bbs-xsrf-token']).toBe('csrf-secret-0123456789');
    }
  });
});

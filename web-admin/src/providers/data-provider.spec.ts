import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeApi, testClient } from '../testing/fake-api';
import { membersApi } from '../resources/members';
import { outboxApi } from '../resources/outbox';
import { rolesApi } from '../resources/roles';
import { providerOver } from '../testing/provider-over';
import { createDataProvider } from './data-provider';

const topicRow = (overrides: Record<string, unknown> = {}) => ({
  topicId: 't-1',
  title: 'Hello',
  authorId: 'm-1',
  postedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

function setup(routes: Parameters<typeof fakeApi>[0] = {}, client: Parameters<typeof testClient>[1] = {}) {
  return providerOver(routes, { resources: { topics: { path: 'forum/topics', pagingOnly: true } }, client });
}

describe('dataProvider: generic methods', () => {
  it('lists a page as { data, total }, ids from `<resource>Id`, only page and pageSize for a paging-only API', async () => {
    const { api, dataProvider } = setup({
      'GET /api/forum/topics': { json: { items: [topicRow()], total: 41, page: 2, pageSize: 20, totalPages: 3 } },
    });
    const result = await dataProvider.getList('topics', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'postedAt', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ ...topicRow(), id: 't-1' }], total: 41 });
    expect(api.requests[0]!.url).toBe('/api/forum/topics?page=2&pageSize=20');
  });

  it('sends sort and a JSON filter to a full list API', async () => {
    const { api, dataProvider } = setup({ 'GET /api/members': { json: { items: [{ memberId: 'm-9' }], total: 1 } } });
    const result = await dataProvider.getList('members', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'registeredAt', order: 'DESC' },
      filter: { state: 'enabled' },
    });
    expect(result.data[0]!.id).toBe('m-9');
    const query = new URL(api.requests[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'registeredAt:desc',
      filter: '{"state":"enabled"}',
    });
  });

  it('reads one record by id, and references with the target in the filter', async () => {
    const { api, dataProvider } = setup({
      'GET /api/forum/topics/t%2F1': { json: topicRow({ topicId: 't/1' }) },
      'GET /api/comments': { json: { items: [{ id: 'c-1' }], total: 1 } },
    });
    expect((await dataProvider.getOne('topics', { id: 't/1' })).data.id).toBe('t/1');
    await dataProvider.getManyReference('comments', {
      target: 'topicId',
      id: 't-1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(new URL(api.requests[1]!.url, 'http://x').searchParams.get('filter')).toBe('{"topicId":"t-1"}');
  });

  it('creates with a JSON POST and takes the new id from the answer', async () => {
    const { api, dataProvider } = setup({
      'POST /api/forum/topics': { status: 201, json: { topicId: 't-2', version: 1 } },
    });
    const { data } = await dataProvider.create('topics', { data: { title: 'New', content: 'Body' } });
    expect(data).toMatchObject({ id: 't-2', title: 'New' });
    expect(api.requests[0]).toMatchObject({ method: 'POST', body: '{"title":"New","content":"Body"}' });
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
  });
});

describe('dataProvider: the headers every call carries', () => {
  it('sends X-Requested-With, Accept-Language and the Bearer pair; no CSRF header on reads', async () => {
    const { api, dataProvider } = setup(
      { 'GET /api/forum/topics': { json: { items: [], total: 0 } } },
      { language: 'zh' },
    );
    await dataProvider.getList('topics', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' } });
    expect(api.requests[0]!.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'zh-CN',
      authorization: 'Bearer access-1,refresh-1',
    });
    expect(api.requests[0]!.headers['bbs-xsrf-token']).toBeUndefined();
  });

  it('echoes the cms_token cookie in BBS-XSRF-TOKEN on writes', async () => {
    const { api, dataProvider } = setup({ 'DELETE /api/links/l-1': { status: 204 } });
    await dataProvider.delete('links', { id: 'l-1', previousData: { id: 'l-1' } });
    expect(api.requests[0]!.headers['bbs-xsrf-token']).toBe('csrf-secret-0123456789');
    expect(api.requests[0]!.headers['accept-language']).toBe('en-US');
  });

  it('fetches a CSRF cookie first when the browser has none yet', async () => {
    const { api, dataProvider } = setup(
      { 'GET /api/health': { json: { status: 'ok' } }, 'POST /api/links': { json: { id: 'l-2' } } },
      { cookie: '' },
    );
    await dataProvider.create('links', { data: { url: 'https://example.com' } });
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/health',
      'POST /api/links',
    ]);
    expect(api.requests[1]!.headers['bbs-xsrf-token']).toBe('seeded-secret-0123456789');
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, dataProvider } = setup(
      { 'GET /api/forum/topics': { json: { items: [], total: 0 } } },
      { signedIn: false },
    );
    await dataProvider.getList('topics', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' } });
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('dataProvider: the dashboard’s reads, composed from two contexts', () => {
  it('reads the pipeline status and the forum figures for the dashboard', async () => {
    const { dataProvider } = setup({
      'GET /api/ops/status': { json: { outboxBacklog: 2, projectorLag: 5, groups: [] } },
      'GET /api/forum/stats': { json: { topicsToday: 3, topicsTotal: 40 } },
    });
    expect(await dataProvider.opsStatus()).toEqual({ outboxBacklog: 2, projectorLag: 5, groups: [] });
    expect(await dataProvider.forumStats()).toEqual({ topicsToday: 3, topicsTotal: 40 });
  });
});

describe('dataProvider: errors', () => {
  it('surfaces {code, message, fieldErrors} as an HttpError with the server message and form errors', async () => {
    const { dataProvider } = setup({
      'POST /api/wallet/accounts/m-1/adjustments': {
        status: 400,
        json: {
          code: 'common.validation_failed',
          message: 'Some fields are not valid.',
          fieldErrors: [{ field: 'reason', code: 'validation.required', message: 'Required.' }],
        },
      },
    });
    const error = await dataProvider
      .adjustBalance('m-1', { amountFen: 100, reason: '' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: 'Some fields are not valid.',
      status: 400,
      body: { code: 'common.validation_failed', errors: { reason: 'Required.' } },
    });
  });

  it('keeps the status of an answer that is not JSON', async () => {
    const api = fakeApi();
    const { httpClient } = testClient({
      ...api,
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    const dataProvider = createDataProvider({ apiUrl: '/api', httpClient });
    await expect(dataProvider.getOne('topics', { id: 't-1' })).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });
});

describe('dataProvider: resources with a config of their own (issue 3)', () => {
  const consoleSetup = (routes: Parameters<typeof fakeApi>[0]) =>
    providerOver(routes, { resources: { members: membersApi, roles: rolesApi, outbox: outboxApi } });
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('lists members with the search and state as query parameters of their own, and no sort', async () => {
    const member = { id: 'm-1', account: 'ada', nickname: 'Ada', kind: 'member', state: 'enabled', registeredAt: 'x' };
    const { api, dataProvider } = consoleSetup({
      'GET /api/identity/staff/members': { json: { items: [member], total: 31, page: 2, pageSize: 10, totalPages: 4 } },
    });
    const result = await dataProvider.getList('members', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'registeredAt', order: 'DESC' },
      filter: { q: 'ad', state: 'enabled', kind: '', other: 'x' },
    });
    expect(result).toEqual({ data: [member], total: 31 });
    expect(api.requests[0]!.url.split('?')[0]).toBe('/api/identity/staff/members');
    expect(query(api.requests[0]!.url)).toEqual({ page: '2', pageSize: '10', q: 'ad', state: 'enabled' });
  });

  it('reads roles from the whole list (there is no per-role read) and writes only the fields the API takes', async () => {
    const role = {
      id: 'vip',
      name: 'VIP',
      kind: 'member',
      permissions: [{ permission: 'topic.post', tagIds: ['t-1'] }],
      isDefault: false,
      builtIn: false,
    };
    const { api, dataProvider } = consoleSetup({
      'GET /api/identity/roles': { json: [role] },
      'PATCH /api/identity/roles/vip': { json: { ...role, name: 'Gold' } },
      'POST /api/identity/roles': { status: 201, json: { ...role, id: 'r-2', name: 'Mods', kind: 'staff' } },
    });
    expect(await dataProvider.getList('roles', { pagination: { page: 1, perPage: 1000 } })).toEqual({
      data: [role],
      total: 1,
    });
    expect((await dataProvider.getOne('roles', { id: 'vip' })).data).toEqual(role);
    await expect(dataProvider.getOne('roles', { id: 'gone' })).rejects.toMatchObject({ status: 404 });

    const { data } = await dataProvider.update('roles', {
      id: 'vip',
      data: { ...role, name: 'Gold' },
      previousData: role,
    });
    expect(data.name).toBe('Gold');
    const patch = api.requests.find((request) => request.method === 'PATCH')!;
    expect(JSON.parse(patch.body!)).toEqual({ name: 'Gold', permissions: role.permissions, isDefault: false });

    const created = await dataProvider.create('roles', {
      data: { name: 'Mods', kind: 'staff', permissions: [{ permission: 'reports.handle', tagIds: null }], id: 'x' },
    });
    expect(created.data.id).toBe('r-2');
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      name: 'Mods',
      kind: 'staff',
      permissions: [{ permission: 'reports.handle', tagIds: null }],
    });
  });

  it('lists the development outbox by channel', async () => {
    const message = {
      id: 'o-1',
      channel: 'sms',
      target: '13800138000',
      text: 'Code 123456',
      purpose: 'login',
      sentAt: 'x',
    };
    const { api, dataProvider } = consoleSetup({
      'GET /api/identity/staff/outbox': { json: { items: [message], total: 1 } },
    });
    const result = await dataProvider.getList('outbox', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { channel: 'sms' },
    });
    expect(result.data).toEqual([message]);
    expect(query(api.requests[0]!.url)).toEqual({ page: '1', pageSize: '20', channel: 'sms' });
  });

  it('takes an id from `_id` when that is all a row has', async () => {
    const { dataProvider } = consoleSetup({ 'GET /api/things': { json: { items: [{ _id: 'a-1' }], total: 1 } } });
    expect((await dataProvider.getList('things', { pagination: { page: 1, perPage: 5 } })).data[0]!.id).toBe('a-1');
  });
});

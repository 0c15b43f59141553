import type { ErrorBody } from '@forum/contracts';
import { staffAccount, startTestApp, TestApp } from '@forum/testing';
import { ModerationModule } from './moderation.module';

interface BaseInfo {
  title: string;
  supportAccessDevice: number;
  defaultLanguage: string;
  systemUser: { id: string } | null;
  switches: { login: { enabled: boolean; message: string } };
  friendlyLinks: { name: string; url: string }[];
}

describe('site settings and site info over HTTP', () => {
  let t: TestApp;
  let staffId: string;

  beforeAll(async () => {
    // Identity grants the staff account its settings.edit permission, which moderation learns from its events.
    t = await startTestApp(['identity', ModerationModule]);
    staffId = await staffAccount(t.app, 'settings_admin', { contexts: [ModerationModule] });
  });
  afterAll(() => t.close());

  const commits = () => t.db('moderation').collection('commits').countDocuments();

  it('answers /baseInfo with complete defaults to a visitor, and the member id to a member', async () => {
    const visitor = await t.client.anonymous().withoutCsrf().get<BaseInfo>('/baseInfo?_t=1');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({
      title: 'Forum',
      supportAccessDevice: 1,
      defaultLanguage: 'zh_CN',
      systemUser: null,
    });
    expect(String(visitor.headers['set-cookie'])).toContain('cms_token=');
    const member = await t.client.as('member-3').get<BaseInfo>('/baseInfo');
    expect(member.body.systemUser).toMatchObject({ id: 'member-3' });
  });

  it('lets staff change settings, shows the change at once, and records it as an event', async () => {
    const staff = t.client.as(staffId, 'staff');
    const changed = await staff.request<BaseInfo>('PATCH', '/api/moderation/settings', {
      title: 'Our forum',
      switches: { login: { enabled: false, message: 'Back at noon' } },
      friendlyLinks: [{ name: 'Docs', url: 'https://example.org/docs' }],
    });
    expect(changed.status).toBe(200);
    const info = await t.client.anonymous().get<BaseInfo>('/baseInfo');
    expect(info.body).toMatchObject({
      title: 'Our forum',
      switches: { login: { enabled: false, message: 'Back at noon' } },
      friendlyLinks: [{ name: 'Docs', url: 'https://example.org/docs' }],
    });
    const events = await t.db('moderation').collection('commits').find().toArray();
    expect(events.at(-1)?.events[0]).toMatchObject({
      type: 'SettingsChanged',
      actor: { kind: 'staff', id: staffId },
      data: { previous: { title: 'Forum' } },
    });
  });

  it('refuses members and invalid settings, writing nothing', async () => {
    const before = await commits();
    const member = await t.client
      .as('member-3')
      .request<ErrorBody>('PATCH', '/api/moderation/settings', { title: 'Mine' });
    expect([member.status, member.body.code]).toEqual([403, 'auth.forbidden']);
    const invalid = await t.client
      .as(staffId, 'staff')
      .request<ErrorBody>('PATCH', '/api/moderation/settings', { supportAccessDevice: 9 });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'common.validation_failed']);
    expect(invalid.body.fieldErrors?.[0]?.field).toBe('supportAccessDevice');
    expect(await commits()).toBe(before);
  });

  it('counts page visits and validates the tracking call', async () => {
    expect(
      (await t.client.anonymous().get('/statistic/add?url=%2Fthread&referrer=&timestamp=1795263000000')).status,
    ).toBe(204);
    expect((await t.client.anonymous().get<ErrorBody>('/statistic/add?timestamp=1')).body.code).toBe(
      'common.validation_failed',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await t
        .db('moderation')
        .collection('page_visits')
        .findOne({ _id: today as never }),
    ).toMatchObject({ views: 1 });
  });
});

import { CommandBus } from '@nestjs/cqrs';
import type { ErrorBody } from '@forum/contracts';
import { SiteSettingsCache } from '@forum/platform';
import { commandMeta, eventually, staffAccount, startTestApp, TestApp, TestClient } from '@forum/testing';
import { IdentityModule } from '../identity.module';
import { RegisterMemberCommand } from './commands';

const PASSWORD = 'secret-password';

describe('the login captcha thresholds of the site settings', () => {
  let t: TestApp;
  let adminId: string;
  let ipCounter = 0;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, 'moderation']);
    adminId = await staffAccount(t.app, 'captcha_admin', {
      contexts: [IdentityModule, 'moderation'],
      permission: 'settings.edit',
    });
  });
  afterAll(() => t.close());

  const client = (): TestClient => t.client.anonymous().from(`10.8.0.${++ipCounter}`);

  async function register(account: string): Promise<void> {
    await t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true },
          commandMeta({ actor: { kind: 'visitor', id: null } }),
          'member',
          true,
        ),
      );
  }

  async function setCaptcha(captcha: { loginAfterFailures: number; loginAfterFailuresPerIp?: number }) {
    const changed = await t.client.as(adminId, 'staff').request('PATCH', '/api/moderation/settings', { captcha });
    expect(changed.status).toBe(200);
    const cache = t.app.select(IdentityModule).get(SiteSettingsCache);
    await eventually(() => expect(cache.current().captcha).toMatchObject(captcha));
  }

  /** `failures` wrong passwords on the account, each from its own address, then the right one from another. */
  async function loginAfter(account: string, failures: number) {
    for (let i = 0; i < failures; i++) {
      await client().post('/api/identity/login', { account, password: 'wrong-password' });
    }
    return client().post<ErrorBody>('/api/identity/login', { account, password: PASSWORD });
  }

  it('asks for a captcha after the configured number of failed passwords on an account', async () => {
    await register('one_failure');
    await register('three_failures');
    await setCaptcha({ loginAfterFailures: 1 });
    expect((await loginAfter('one_failure', 1)).body.code).toBe('identity.captcha_required');

    await setCaptcha({ loginAfterFailures: 5 });
    const stillFree = await loginAfter('three_failures', 3);
    expect(stillFree.status).toBe(200);
  });

  it('with 0 asks for a captcha on every login', async () => {
    await register('always_captcha');
    await setCaptcha({ loginAfterFailures: 0 });
    expect((await loginAfter('always_captcha', 0)).body.code).toBe('identity.captcha_required');
  });

  it('counts failures per address with its own threshold', async () => {
    await register('by_address_a');
    await register('by_address_b');
    await setCaptcha({ loginAfterFailures: 100, loginAfterFailuresPerIp: 2 });
    const c = client();
    await c.post('/api/identity/login', { account: 'by_address_a', password: 'wrong-password' });
    await c.post('/api/identity/login', { account: 'by_address_b', password: 'wrong-password' });
    const blocked = await c.post<ErrorBody>('/api/identity/login', { account: 'by_address_a', password: PASSWORD });
    expect(blocked.body.code).toBe('identity.captcha_required');
    expect((await client().post('/api/identity/login', { account: 'by_address_a', password: PASSWORD })).status).toBe(
      200,
    );
  });
});

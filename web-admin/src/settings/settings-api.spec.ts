import { describe, expect, it } from 'vitest';
import { providerOver } from '../testing/provider-over';

describe('settingsVerbs: the settings and the secrets kept elsewhere', () => {
  it('reads the settings and PATCHes the changes, answering the settings after them', async () => {
    const { api, dataProvider } = providerOver({
      'GET /api/moderation/settings': { json: { title: 'Forum' } },
      'PATCH /api/moderation/settings': { json: { title: 'Forum', switches: { login: { enabled: false } } } },
    });
    expect(await dataProvider.siteSettings()).toEqual({ title: 'Forum' });
    const saved = await dataProvider.changeSettings({ switches: { login: { enabled: false, message: 'Later.' } } });
    expect(saved).toEqual({ title: 'Forum', switches: { login: { enabled: false } } });
    expect(api.requests[1]).toMatchObject({
      method: 'PATCH',
      url: '/api/moderation/settings',
      body: '{"switches":{"login":{"enabled":false,"message":"Later."}}}',
    });
    expect(api.requests[1]!.headers['bbs-xsrf-token']).toBe('csrf-secret-0123456789');
  });

  it('puts a third-party login provider’s client secret to identity', async () => {
    const { api, dataProvider } = providerOver({
      'PUT /api/identity/oauth/providers/git%20hub/secret': { status: 204 },
    });
    await dataProvider.setOAuthClientSecret('git hub', 's3cret');
    expect(api.requests[0]).toMatchObject({ method: 'PUT', body: '{"clientSecret":"s3cret"}' });
    expect(api.requests[0]!.headers['bbs-xsrf-token']).toBe('csrf-secret-0123456789');
  });
});

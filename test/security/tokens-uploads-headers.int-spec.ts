import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import sharp from 'sharp';
import type { ErrorBody } from '@forum/contracts';
import { eventually } from '@forum/testing';
import { serveWebApps } from '../../services/all-in-one/src/web-shell';
import { routesOf, startSecurityApp } from './security-harness';
import type { SecurityApp } from './security-harness';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const METRICS_TOKEN = 'metrics-scraper-token-0123456789';

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full).map((inner) => `${name}/${inner}`) : [name];
  });
}

/** A `multipart/form-data` body with one file part, as a browser sends it. */
function multipart(filename: string, bytes: Buffer, contentType: string) {
  const boundary = `----security${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Issue 11: JWT tampering and expiry, upload abuse, rate limits and enumeration, security headers. Refresh-token
 * reuse revoking the whole family, and a wrong password answering like an unknown account, are proven in
 * `services/identity/src/identity.int-spec.ts`; codes answering alike with or without an account in
 * `services/identity/src/codes/codes.int-spec.ts`.
 */
describe('tokens, uploads, throttles and headers', () => {
  let s: SecurityApp;
  let sandbox: string;
  let storageRoot: string;
  let memberId: string;

  beforeAll(async () => {
    sandbox = mkdtempSync(path.join(os.tmpdir(), 'security-'));
    storageRoot = path.join(sandbox, 'storage');
    const sites = path.join(sandbox, 'sites');
    mkdirSync(path.join(sites, 'web-member', 'dist'), { recursive: true });
    writeFileSync(path.join(sites, 'web-member', 'dist', 'index.html'), '<!doctype html><title>Member site</title>');
    s = await startSecurityApp({
      env: { FILE_STORAGE_DIR: storageRoot, METRICS_TOKEN },
      configure: (app) => serveWebApps(app, sites),
    });
    memberId = await s.member('sec_tokens');
  }, 120_000);
  afterAll(async () => {
    await s?.t.close();
    rmSync(sandbox, { recursive: true, force: true });
  });

  describe('access tokens', () => {
    const base64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const withToken = (token: string) =>
      s.t.client.anonymous().withHeaders({ authorization: `Bearer ${token},refresh-not-used-here` });
    const valid = () => createSigner({ key: SECRET, expiresIn: 600_000 })({ sub: memberId, kind: 'member' });

    it('accepts a token signed with the site secret (the control case)', async () => {
      expect((await withToken(valid()).get('/api/identity/me')).status).toBe(200);
    });

    it.each([
      [
        'a tampered signature',
        // The first character of the signature: the last one of base64url has unused bits, and changing those
        // would not change the signature at all.
        () => {
          const [header, payload, signature] = valid().split('.');
          return `${header}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
        },
        'auth.token_invalid',
      ],
      [
        'a payload changed to staff, signature kept',
        () => {
          const [header, , signature] = valid().split('.');
          return `${header}.${base64({ sub: memberId, kind: 'staff', exp: 9_999_999_999 })}.${signature}`;
        },
        'auth.token_invalid',
      ],
      [
        '`alg: none`',
        () => `${base64({ alg: 'none', typ: 'JWT' })}.${base64({ sub: memberId, kind: 'staff', exp: 9_999_999_999 })}.`,
        'auth.token_invalid',
      ],
      [
        'another secret',
        () =>
          createSigner({ key: 'another-secret-another-secret-012345', expiresIn: 600_000 })({
            sub: memberId,
            kind: 'staff',
          }),
        'auth.token_invalid',
      ],
      [
        'an expired token',
        () =>
          createSigner({ key: SECRET, expiresIn: 60_000, clockTimestamp: Date.now() - 3_600_000 })({
            sub: memberId,
            kind: 'member',
          }),
        'auth.token_expired',
      ],
    ])('answers 401 to %s, on member and staff routes alike', async (_case, forge, code) => {
      const token = forge();
      for (const url of ['/api/identity/me', '/api/ops/status', '/api/wallet/me']) {
        const response = await withToken(token).get<ErrorBody>(url);
        expect([url, response.status, response.body.code]).toEqual([url, 401, code]);
      }
      // A write is refused too, and nothing is written.
      const before = await s.commits();
      const posted = await withToken(token).post<ErrorBody>('/api/messaging/messages', {
        toMemberId: memberId,
        content: 'forged',
      });
      expect(posted.status).toBe(401);
      expect(await s.commits()).toBe(before);
    });
  });

  describe('uploads', () => {
    let png: Buffer;
    let jpeg: Buffer;

    beforeAll(async () => {
      const raw = { create: { width: 8, height: 8, channels: 3 as const, background: '#c33' } };
      png = await sharp(raw).png().toBuffer();
      jpeg = await sharp(raw).jpeg().toBuffer();
    });

    const upload = (url: string, filename: string, bytes: Buffer, contentType = 'image/png') => {
      const body = multipart(filename, bytes, contentType);
      return s.t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: {
          'content-type': body.contentType,
          cookie: 'cms_token=csrf-test-token-0123456789',
          'bbs-xsrf-token': 'csrf-test-token-0123456789',
          authorization: `Bearer ${createSigner({ key: SECRET, expiresIn: 600_000 })({ sub: memberId, kind: 'member' })},x`,
        },
      });
    };
    const UPLOAD_ROUTES = [
      '/api/identity/me/avatar',
      '/api/forum/uploads/images',
      '/api/forum/uploads/videos',
      '/api/moderation/reports/images',
    ];

    it('knows every upload route of the document', async () => {
      const documented = (await routesOf(s.t))
        .filter((route) => route.method === 'POST' && !route.operation.requestBody)
        .filter((route) => /avatar|images|videos|upload|attachment|file/.test(route.path))
        .map((route) => route.path);
      expect(documented.sort()).toEqual([...UPLOAD_ROUTES].sort());
    });

    it.each(UPLOAD_ROUTES)(
      'refuses abuse on %s with a clear 4xx and stores nothing outside the root',
      async (url) => {
        const before = filesUnder(sandbox).filter((file) => !file.startsWith('storage/'));
        const cases: [string, string, Buffer, string, number[]][] = [
          ['zero bytes', 'empty.png', Buffer.alloc(0), 'image/png', [400]],
          ['a script called .png', 'x.png', Buffer.from('<script>alert(1)</script>'), 'image/png', [415]],
          ['an HTML page', 'page.html', Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html', [415]],
          ['a GIF/JS polyglot', 'x.gif', Buffer.from('GIF89a=1;alert(document.cookie)//;'), 'image/gif', [415]],
          [
            'an SVG with a script',
            'x.svg',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
            'image/svg+xml',
            [415],
          ],
          [
            'oversize (6 MB, over the 5 MB and 2 MB limits)',
            'big.png',
            Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]),
            'image/png',
            [413],
          ],
        ];
        // Every picture is the wrong type on the video route; its (much larger) size limit has its own case below.
        const wrong: string[] = [];
        for (const [name, filename, bytes, type, expected] of cases) {
          if (name.startsWith('oversize') && url.endsWith('/videos')) continue;
          const response = await upload(url, filename, bytes, type);
          if (!expected.includes(response.statusCode)) wrong.push(`${name} → ${response.statusCode} ${response.body}`);
        }
        expect(wrong).toEqual([]);
        expect(filesUnder(sandbox).filter((file) => !file.startsWith('storage/'))).toEqual(before);
      },
      60_000,
    );

    it('stops reading a video past the size the settings allow', async () => {
      const patched = await s.staff.request('PATCH', '/api/moderation/settings', {
        uploads: { video: { maxBytes: 100 * 1024 } },
      });
      expect(patched.status).toBe(200);
      const mp4Header = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
      await eventually(async () => {
        const response = await upload(
          '/api/forum/uploads/videos',
          'big.mp4',
          Buffer.concat([mp4Header, Buffer.alloc(200 * 1024)]),
          'video/mp4',
        );
        expect([response.statusCode, JSON.parse(response.body).code]).toEqual([413, 'files.too_large']);
      });
    });

    it('stores a path-traversal name and an HTML-carrying JPEG under a server-chosen key, served inert', async () => {
      const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
      const wrong: string[] = [];
      for (const url of ['/api/identity/me/avatar', '/api/forum/uploads/images', '/api/moderation/reports/images']) {
        for (const [filename, bytes] of [
          ['../../x.png', png],
          ['..\\..\\..\\etc\\passwd.png', png],
          ['%2e%2e%2fx.jpg', polyglot],
        ] as const) {
          const response = await upload(url, filename, bytes, 'image/jpeg');
          if (response.statusCode >= 300) {
            wrong.push(`${url} ${filename} → ${response.statusCode} ${response.body}`);
            continue;
          }
          const body = JSON.parse(response.body) as { url?: string; avatarUrl?: string };
          const fileUrl = body.url ?? body.avatarUrl ?? '';
          expect(fileUrl).toMatch(/^\/api\/files\/[a-z0-9/_-]+\.[a-z0-9]+$/);
          const served = await s.t.app.inject({ method: 'GET', url: fileUrl });
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toMatch(/^image\//);
          expect(served.headers['x-content-type-options']).toBe('nosniff');
          expect(served.headers['content-security-policy']).toContain('sandbox');
          // Images are re-encoded: whatever rode along after the picture is gone.
          expect(served.rawPayload.includes('<script>')).toBe(false);
        }
      }
      expect(wrong).toEqual([]);
      const stored = filesUnder(storageRoot);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.filter((file) => !/^[a-z0-9_/-]+\.[a-z0-9]+$/.test(file) || file.includes('..'))).toEqual([]);
      expect(stored.some((file) => file.includes('passwd') || file.includes('x.png'))).toBe(false);
      expect(filesUnder(sandbox).filter((file) => !file.startsWith('storage/') && !file.startsWith('sites/'))).toEqual(
        [],
      );
    }, 60_000);
  });

  describe('throttles and enumeration', () => {
    it.each([
      ['POST', '/api/identity/login', 20],
      ['POST', '/api/identity/staff/login', 20],
      ['POST', '/api/identity/register', 5],
      ['POST', '/api/identity/codes', 10],
      ['POST', '/api/identity/password-recovery/start', 10],
      ['POST', '/api/identity/password-recovery/verify', 5],
      ['GET', '/api/identity/captcha', 30],
    ] as const)('answers %s %s with 429 past %i tries a minute from one address', async (method, url, limit) => {
      const client = s.t.client.anonymous().from(`10.40.${limit}.${url.length}`);
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        statuses.push((await client.request(method, url, method === 'GET' ? undefined : { account: 'nobody' })).status);
      }
      expect(statuses.slice(0, limit).filter((status) => status === 429)).toEqual([]);
      const refused = await client.request<ErrorBody>(method, url, method === 'GET' ? undefined : {});
      expect([refused.status, refused.body.code]).toEqual([429, 'common.rate_limited']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await s.t.client
        .anonymous()
        .from('10.41.0.1')
        .request(method, url, method === 'GET' ? undefined : {});
      expect(other.status).not.toBe(429);
    });

    it('answers a wrong password for a known account exactly like an unknown account, staff login included', async () => {
      for (const url of ['/api/identity/login', '/api/identity/staff/login']) {
        const known = await s.t.client
          .anonymous()
          .from('10.42.0.1')
          .post<ErrorBody>(url, { account: 'sec_tokens', password: 'wrong-password' });
        const unknown = await s.t.client
          .anonymous()
          .from('10.42.0.2')
          .post<ErrorBody>(url, { account: 'sec_nobody_x', password: 'wrong-password' });
        expect([known.status, known.body.code, known.body.message]).toEqual([
          unknown.status,
          unknown.body.code,
          unknown.body.message,
        ]);
      }
    });

    it('asks for a solved captcha before password recovery says anything about an account', async () => {
      const answers = [];
      for (const account of ['sec_tokens', 'sec_nobody_y']) {
        const response = await s.t.client
          .anonymous()
          .from('10.43.0.1')
          .post<ErrorBody>('/api/identity/password-recovery/start', {
            account,
            captchaKey: 'k'.repeat(20),
            captcha: 'abcd',
          });
        answers.push([response.status, response.body.code, response.body.message]);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]![1]).toBe('identity.captcha_invalid');
    });
  });

  describe('metrics', () => {
    const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
      s.t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });

    it('refuses a visitor, a member and a forged or wrong token (403), also through a proxy on this host', async () => {
      const refused = [
        await metrics('203.0.113.7'),
        await metrics('203.0.113.7', { authorization: 'Bearer not-the-metrics-token-000000' }),
        await metrics('203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}x` }),
        await metrics('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
      ];
      expect(refused.map((response) => [response.statusCode, response.json<ErrorBody>().code])).toEqual(
        refused.map(() => [403, 'auth.forbidden']),
      );
      for (const response of refused) expect(response.body).not.toContain('http_request_duration_seconds');
      // A member's (or staff member's) access token opens nothing here either.
      const asMember = await s.t.client.as(memberId).from('203.0.113.7').get<ErrorBody>('/api/metrics');
      expect([asMember.status, asMember.body.code]).toEqual([403, 'auth.forbidden']);
      const asStaff = await s.staff.from('203.0.113.7').get<ErrorBody>('/api/metrics');
      expect([asStaff.status, asStaff.body.code]).toEqual([403, 'auth.forbidden']);
    });

    it('answers the configured scraper from anywhere, and a client on this machine', async () => {
      for (const response of [
        await metrics('203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}` }),
        await metrics('10.0.0.9', { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.7' }),
        await metrics('127.0.0.1'),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('http_request_duration_seconds');
      }
    });
  });

  describe('security headers', () => {
    const HEADERS_EVERYWHERE = (headers: Record<string, unknown>) => {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-powered-by']).toBeUndefined();
      expect(headers['server']).toBeUndefined();
    };

    it.each([
      ['GET', '/api/forum/topics', 200],
      ['GET', '/api/identity/me', 401],
      ['GET', '/api/nowhere', 404],
      ['POST', '/api/identity/login', 400],
      ['GET', '/baseInfo', 200],
      ['GET', '/api/health', 200],
    ] as const)('sets them on the API answer to %s %s', async (method, url, status) => {
      const response = await s.t.client
        .anonymous()
        .from('10.44.0.1')
        .request(method, url, method === 'GET' ? undefined : {});
      expect(response.status).toBe(status);
      HEADERS_EVERYWHERE(response.headers);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it('sets them, with the sites’ script policy, on the HTML pages', async () => {
      for (const url of ['/', '/thread?topicId=1']) {
        const response = await s.t.app.inject({ method: 'GET', url });
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        HEADERS_EVERYWHERE(response.headers);
        const policy = String(response.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self'");
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("object-src 'none'");
      }
    });

    /** What every HTML answer must carry: the headers above and a policy without inline or eval'd script. */
    const HTML_PAGE = (url: string, headers: Record<string, unknown>, body: string) => {
      expect([url, String(headers['content-type'])]).toEqual([url, expect.stringMatching(/^text\/html/)]);
      HEADERS_EVERYWHERE(headers);
      expect(headers['permissions-policy']).toContain('camera=()');
      const policy = String(headers['content-security-policy'] ?? '');
      expect([url, policy]).toEqual([url, expect.stringContaining("frame-ancestors 'none'")]);
      expect(policy).toMatch(/default-src '(none|self)'/);
      expect(policy).not.toContain('unsafe-eval');
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scripts).not.toContain('unsafe-inline');
      if (!/script-src/.test(policy)) expect(policy).toContain("default-src 'none'");
      // An inline script runs only when the policy names its hash.
      for (const [, script] of body.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        expect(policy).toContain(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
      }
    };

    it('sets them and a content security policy on every HTML page the server renders', async () => {
      // The OAuth sandbox's approve page, as the member site's login button reaches it.
      const start = await s.t.client
        .anonymous()
        .from('10.45.0.1')
        .get('/api/identity/oauth/sandbox/authorize?jumpUrl=%2F');
      expect(start.status).toBe(302);
      const approvePage = String(start.headers['location']);
      expect(approvePage).toMatch(/^\/api\/identity\/oauth-sandbox\/authorize\?/);
      // The payment sandbox's checkout page, as a recharge sends the member there.
      const recharge = await s.t.client
        .as(memberId)
        .from('10.45.0.2')
        .post<{ redirectUrl: string }>('/api/wallet/recharges', { amount: '1' });
      expect(recharge.status).toBe(200);
      const checkout = new URL(recharge.body.redirectUrl, 'http://localhost');
      expect(checkout.pathname).toMatch(/^\/api\/wallet\/payments\/sandbox\/checkout\//);
      const pages = [
        '/', // the member site's index.html (built)
        '/thread?topicId=1', // a client route: the same index.html
        '/admin/', // the console, not built here: the placeholder page with its inline script
        approvePage,
        `${checkout.pathname}${checkout.search}`,
      ];
      for (const url of pages) {
        const response = await s.t.app.inject({ method: 'GET', url, remoteAddress: '10.45.0.3' });
        expect([url, response.statusCode]).toEqual([url, 200]);
        HTML_PAGE(url, response.headers, response.body);
      }
      const docs = await eventually(async () => {
        const page = await s.t.app.inject({ method: 'GET', url: '/api/docs' });
        expect(page.statusCode).toBe(200);
        return page;
      });
      HTML_PAGE('/api/docs', docs.headers, docs.body);
      // The sandbox pages run no script at all, and their forms post only here (and land on this site).
      for (const url of pages.slice(3)) {
        const response = await s.t.app.inject({ method: 'GET', url, remoteAddress: '10.45.0.4' });
        const policy = String(response.headers['content-security-policy']);
        expect(policy).toContain("default-src 'none'");
        expect(policy).toContain("form-action 'self'");
        expect(policy).not.toContain('script-src');
      }
    });

    it('keeps framing and sniffing off on the API documentation page', async () => {
      const response = await eventually(async () => {
        const page = await s.t.app.inject({ method: 'GET', url: '/api/docs' });
        expect(page.statusCode).toBeLessThan(400);
        return page;
      });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

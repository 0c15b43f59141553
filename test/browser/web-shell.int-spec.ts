import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { ForumModule } from '../../services/forum/src/forum.module';
import { serveWebApps } from '../../services/all-in-one/src/web-shell';

/** A site build as Vite lays it out: index.html, hashed assets, a public file. */
function fakeBuild(root: string, site: string, title: string): void {
  const dist = path.join(root, site, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${title}</title><div id="root"></div>`);
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dist, 'humans.txt'), 'Made by people\n');
  writeFileSync(path.join(dist, '.env'), 'SECRET=1\n');
}

async function get(app: NestFastifyApplication, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('web shell: both sites served as single-page apps by the all-in-one process', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'web-shell-'));
    fakeBuild(root, 'web-member', 'Member site');
    fakeBuild(root, 'web-admin', 'Staff console');
    t = await startTestApp([ForumModule], { configure: (app) => serveWebApps(app, root) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Member site'],
    ['/thread?topicId=1', 'Member site'],
    ['/user/control/balance', 'Member site'],
    ['/admin/', 'Staff console'],
    ['/admin/topics', 'Staff console'],
    ['/admin/topics/t-1/show?tab=2', 'Staff console'],
  ])('answers %s with its site’s index.html, revalidated on every visit', async (url, title) => {
    const response = await get(t.app, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('redirects /admin to /admin/, keeping the query', async () => {
    const response = await get(t.app, '/admin?x=1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin/?x=1');
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await get(t.app, '/admin/assets/index-AbCd1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const humans = await get(t.app, '/humans.txt');
    expect(humans.body).toBe('Made by people\n');
    expect(humans.headers['cache-control']).toBe('no-cache');
    // robots.txt is the forum's (it follows the site's mode and names the sitemap), not a file of the build.
    const robots = await get(t.app, '/robots.txt');
    expect(robots.body).toContain('Sitemap: ');
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const response = await get(t.app, '/assets/index-gone.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
  });

  it.each(['/api/nowhere', '/api', '/baseInfo', '/statistic/nowhere'])(
    'leaves %s to the API: its JSON 404, not a web page',
    async (url) => {
      const response = await get(t.app, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'common.route_not_found' });
    },
  );

  it('still answers the real API routes', async () => {
    const response = await get(t.app, '/api/forum/topics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ items: [] });
  });

  it('never serves dotfiles or anything outside the build', async () => {
    for (const url of ['/.env', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd', '/admin/..%2f..%2fpackage.json']) {
      const response = await get(t.app, url);
      expect(response.body).not.toContain('SECRET');
      expect(response.body).not.toContain('root:');
      expect(response.body).not.toContain('"name"');
    }
  });

  it('compresses text with brotli or gzip as the browser accepts, and answers 304 to a matching ETag', async () => {
    const url = '/assets/index-AbCd1234.js';
    const plain = await get(t.app, url);
    const br = await get(t.app, url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(t.app, url, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toBe('accept-encoding');

    const again = await get(t.app, url, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a placeholder page for a site that is not built', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'web-shell-bare-'));
    const app = await startTestApp([ForumModule], { configure: (created) => serveWebApps(created, bare) });
    try {
      for (const url of ['/', '/admin/', '/admin/topics']) {
        const response = await get(app.app, url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('The web application is not built yet');
      }
    } finally {
      await app.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

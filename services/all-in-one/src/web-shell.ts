import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '@forum/platform';
import { pageHead, withHead } from './page-head';
import { appChanges, inProcessApi, jsonAnswer, preferredEncoding, ServerRenderer } from './server-render';
import type { ChangeSource, VisitorApi } from './server-render';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Paths the API owns (crawlers' files included): an unknown one there is the API's JSON 404, never a web page. */
const API_PATH = /^\/(api(\/|$)|baseInfo$|refreshToken$|statistic\/|robots\.txt$|sitemap(\.xml$|\/)|feeds\/)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.svg', '.txt', '.xml']);

/**
 * The same headers nginx adds in distributed mode (deploy/docker/nginx.conf), so that a build breaking the
 * policy fails here too. (The placeholder page's one inline script is allowed by its hash, nothing else.)
 */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
    "font-src 'self' data:; connect-src 'self'; media-src 'self' blob: https:; object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'",
};

interface Site {
  prefix: '/' | '/admin/';
  dir: string;
  title: string;
}

/**
 * Serves the member site at `/` and the staff console at `/admin/` from their builds (`dist` folders) as
 * single-page apps: a file when one matches, otherwise the site's `index.html` so that client routes
 * (`/thread?topicId=1`, `/admin/topics`) load — except under `assets/`, where a missing file is a 404, and
 * on the API's paths. Hashed assets are cached for a year, everything else revalidated; text is sent
 * brotli- or gzip-compressed. Until a site is built, a plain page says so and lists the newest topics.
 */
export async function serveWebApps(app: NestFastifyApplication, root: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  serveSites(fastify, root, { api: inProcessApi(fastify), changes: appChanges(app), admin: true });
}

/**
 * The member site alone, its pages rendered from an API reached over HTTP (the distributed mode's page renderer,
 * `web-main.ts`, ADR 49): nginx sends it every page path that is not a file. Answers whether the server bundle is
 * loaded.
 */
export function serveMemberSite(
  fastify: FastifyInstance,
  root: string,
  options: { api: VisitorApi; changes: ChangeSource },
): { ready(): boolean } {
  return serveSites(fastify, root, { ...options, admin: false });
}

function serveSites(
  fastify: FastifyInstance,
  root: string,
  options: { api: VisitorApi; changes: ChangeSource; admin: boolean },
): { ready(): boolean } {
  const sites: Site[] = [
    { prefix: '/', dir: path.join(root, 'web-member', 'dist'), title: 'Forum' },
    ...(options.admin
      ? [{ prefix: '/admin/' as const, dir: path.join(root, 'web-admin', 'dist'), title: 'Forum staff console' }]
      : []),
  ];
  if (options.admin)
    fastify.get('/admin', (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`/admin/${query >= 0 ? request.url.slice(query) : ''}`, 301);
    });
  const heads = new PageHeads(options.api);
  const renderer = new ServerRenderer(options.api, path.join(root, 'web-member'), options.changes);
  for (const site of sites) {
    const files = existsSync(path.join(site.dir, 'index.html')) ? new StaticFiles(site.dir) : null;
    fastify.get(`${site.prefix}*`, async (request, reply) => {
      const pathname = pathOf(request.url);
      if (API_PATH.test(pathname)) return reply.callNotFound();
      if (!files)
        return reply
          .type(CONTENT_TYPES['.html']!)
          .header('cache-control', 'no-cache')
          .headers(SHELL_PAGE_HEADERS)
          .send(shellPage(site.title));
      void reply.headers(SECURITY_HEADERS);
      const relative = pathname.slice(site.prefix.length);
      const file =
        (await files.get(relative)) ?? (relative.startsWith('assets/') ? null : await files.get('index.html'));
      if (!file) return reply.callNotFound();
      if (site.prefix === '/' && file.type === CONTENT_TYPES['.html'] && !relative.includes('.')) {
        if (await renderer.send(file, request, reply, pathname)) return reply;
        const head = await heads.page(file, request);
        if (head) return reply.type(file.type).header('cache-control', 'no-cache').send(head);
      }
      return files.send(file, request, reply, relative.startsWith('assets/'));
    });
  }
  return { ready: () => renderer.ready };
}

/** How long a page's head is reused: a new title or summary shows within it. */
const HEAD_TTL_MS = 5_000;
const HEAD_CACHE_SIZE = 1_000;
/** Up to this age a page's previous head is sent while the new one is read. */
const HEAD_STALE_MS = 30_000;

/**
 * The member site's `index.html` with each page's own head (`page-head.ts`), read through the API as a visitor in
 * process, kept a few seconds per address so that a burst of link previews or crawler hits costs one read.
 */
class PageHeads {
  private readonly cache = new Map<
    string,
    {
      at: number;
      index: CachedFile;
      html: Promise<string | null>;
      /** The head once read; until then, the previous one (if recent), sent meanwhile. */
      settled: string | null | undefined;
      stale: string | null | undefined;
    }
  >();

  constructor(private readonly api: VisitorApi) {}

  page(index: CachedFile, request: FastifyRequest): Promise<string | null> {
    const origin = siteOrigin(request);
    const key = `${origin}${request.url}`;
    const cached = this.cache.get(key);
    const age = cached && cached.index === index ? Date.now() - cached.at : Infinity;
    if (cached && age < HEAD_TTL_MS)
      return cached.settled === undefined && cached.stale !== undefined ? Promise.resolve(cached.stale) : cached.html;
    const url = new URL(request.url, 'http://site');
    const html = pageHead(url.pathname, url.searchParams, (api) => this.get(api, request.ip))
      .then((head) => (head ? withHead(index.body.toString('utf8'), head, origin) : null))
      .catch(() => null);
    if (this.cache.size >= HEAD_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    // A busy page's previous head is sent while its new one is read (server-rendered pages go out many times a second).
    const stale = cached && age < HEAD_STALE_MS ? cached.settled : undefined;
    const entry = { at: Date.now(), index, html, settled: undefined as string | null | undefined, stale };
    void html.then((settled) => (entry.settled = settled));
    this.cache.set(key, entry);
    return stale !== undefined ? Promise.resolve(stale) : html;
  }

  /** As the visitor whose page this is (their address): their view of a topic counts once, here or in the app. */
  private async get(url: string, ip: string): Promise<{ status: number; body: unknown }> {
    return jsonAnswer(await this.api.get(url, { ip, language: 'zh-CN' }));
  }
}

function pathOf(url: string): string {
  const raw = url.split('?')[0]!.split('#')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

interface CachedFile {
  body: Buffer;
  mtimeMs: number;
  etag: string;
  type: string;
  compressible: boolean;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

const STAT_TTL_MS = 1_000;
const STAT_CACHE_SIZE = 10_000;

/** One site's build, read once per file version and kept in memory with its compressed forms. */
class StaticFiles {
  private readonly cache = new Map<string, CachedFile>();
  /** Each path's last `stat`, trusted for STAT_TTL_MS: a busy page is not two system calls a request. */
  private readonly stats = new Map<string, { at: number; stats: Promise<Stats | null> }>();

  constructor(private readonly dir: string) {}

  private stat(full: string): Promise<Stats | null> {
    const known = this.stats.get(full);
    if (known && Date.now() - known.at < STAT_TTL_MS) return known.stats;
    const stats = stat(full).catch(() => null);
    if (this.stats.size >= STAT_CACHE_SIZE) this.stats.delete(this.stats.keys().next().value!);
    this.stats.set(full, { at: Date.now(), stats });
    return stats;
  }

  async get(relative: string): Promise<CachedFile | null> {
    if (relative.split('/').some((segment) => segment.startsWith('.'))) return null;
    const full = path.resolve(this.dir, relative || 'index.html');
    if (!full.startsWith(this.dir + path.sep)) return null;
    const stats = await this.stat(full);
    if (!stats?.isFile()) return null;
    const cached = this.cache.get(full);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.body.length === stats.size) return cached;
    const extension = path.extname(full).toLowerCase();
    const body = await readFile(full);
    const file: CachedFile = {
      body,
      mtimeMs: stats.mtimeMs,
      etag: `"${body.length.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`,
      type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      compressible: COMPRESSIBLE.has(extension) && body.length >= 1024,
      encoded: new Map(),
    };
    this.cache.set(full, file);
    return file;
  }

  async send(
    file: CachedFile,
    request: FastifyRequest,
    reply: FastifyReply,
    immutable: boolean,
  ): Promise<FastifyReply> {
    void reply
      .type(file.type)
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', file.etag);
    if (file.compressible) void reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    const encoding = file.compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(file.body);
    let encoded = file.encoded.get(encoding);
    if (!encoded) {
      // Made on the first request for it, so that request waits: brotli 5 and gzip 6 take about 30 and 15 ms for
      // the 520 kB vendor chunk on one core, brotli 9 took 220 ms for 2 % less. At 9, a fresh server's first page
      // load compressed every chunk at once, and on a CPU-starved host the page took over 10 s to boot (the
      // browser holds its other requests, /baseInfo among them, while six asset downloads wait).
      encoded =
        encoding === 'br'
          ? brotli(file.body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length },
            })
          : gzipAsync(file.body, { level: 6 });
      file.encoded.set(encoding, encoded);
    }
    return reply.header('content-encoding', encoding).send(await encoded);
  }
}

/** The placeholder page's script: the newest topics (allowed by its hash in the page's policy). */
const SHELL_SCRIPT = `
fetch('/api/forum/topics?pageSize=20').then(r => r.json()).then(page => {
  const list = document.getElementById('topics');
  list.replaceChildren(...page.items.map(t => {
    const li = document.createElement('li');
    li.textContent = t.title;
    const meta = document.createElement('small');
    meta.textContent = ' — ' + new Date(t.postedAt).toLocaleString();
    li.append(meta);
    return li;
  }));
  if (!page.items.length) list.textContent = 'No topics yet.';
});
`;
const SHELL_PAGE_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'content-security-policy': SECURITY_HEADERS['content-security-policy']!.replace(
    "script-src 'self'",
    `script-src 'self' 'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`,
  ),
};

function shellPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
li{margin:.5rem 0}small{color:#52606d}a{color:#0b69a3}</style></head>
<body><h1>${title}</h1>
<p>The web application is not built yet. The API is running: <a href="/api/docs">API documentation</a>,
<a href="/api/ready">readiness</a>, <a href="/api/metrics">metrics</a>.</p>
<h2>Newest topics</h2><ul id="topics"><li><small>Loading…</small></li></ul>
<script>${SHELL_SCRIPT}</script></body></html>`;
}

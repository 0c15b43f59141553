import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What `web-member/src/entry-server.tsx` exports (built to `web-member/dist-server/entry-server.cjs`). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  installFetch(fetchImpl: typeof fetch): void;
  render(request: {
    url: string;
    userAgent: string;
    cookie: string;
    manifest: Record<string, unknown>;
  }): Promise<
    | { rendered: true; html: string; headLinks: string; stateScript: string; language: 'zh' | 'en' }
    | { rendered: false; reason: string }
  >;
}

/** A page as rendered: the markup, the head's links and the data block, and what the render was for. */
export interface RenderedPage {
  html: string;
  headLinks: string;
  stateScript: string;
  language: 'zh' | 'en';
}

/**
 * How long a render is fresh for the same address (and device class). After that the next request starts a new
 * render in the background and is answered the previous one, so a busy page never waits on a render — unless
 * the previous one is older than RENDER_MAX_STALE_MS (a page nobody read for a while), which waits.
 */
const RENDER_TTL_MS = 5_000;
const RENDER_MAX_STALE_MS = 10_000;
const RENDER_CACHE_SIZE = 1_000;
/** The longest a request waits for its page's render. */
const RENDER_DEADLINE_MS = 3_000;

interface CachedRender {
  /** When the page in `page` was rendered (0: not yet). */
  at: number;
  page: RenderedPage | null;
  /** The render in progress, if any. */
  rendering: Promise<RenderedPage | null> | null;
}

/**
 * The member site's public pages rendered on the server (ADR 34) by the member site's own server bundle. Off
 * when the bundle is not built or `SERVER_RENDERING=0`. Every render reads the API in process as a visitor
 * (no cookie, no token: hidden blocks stay locked) from the address of the visitor whose page it is.
 */
export class ServerRenderer {
  private entry: ServerEntry | null | undefined;
  private manifest: Record<string, unknown> = {};
  private readonly visitor = new AsyncLocalStorage<{ ip: string }>();
  private readonly cache = new Map<string, CachedRender>();
  private readonly composed = new WeakMap<RenderedPage, ComposedPage>();

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly siteDir: string,
    private readonly enabled = process.env.SERVER_RENDERING !== '0',
  ) {
    // Loaded while the app starts (its I/O leaves the thread idle), not on the first visitor's request (a 3 MB
    // bundle to compile).
    setTimeout(() => this.load(), 0).unref();
  }

  /** The page rendered for this request, or null (not a server-rendered page, not built, or the API refused). */
  page(request: FastifyRequest, pathname: string): Promise<RenderedPage | null> {
    const bundle = this.load();
    if (!bundle?.isServerRendered(pathname)) return Promise.resolve(null);
    const userAgent = request.headers['user-agent'] ?? '';
    const cookie = request.headers.cookie ?? '';
    // The one thing a render reads from the request besides the address: the desktop-site notice's inputs.
    const key = `${request.url}|${MOBILE_AGENT.test(userAgent) ? 'm' : 'd'}|${/(^|;\s*)accessDevice=mobile/.test(cookie) ? 'm' : 'd'}`;
    let cached = this.cache.get(key);
    if (!cached) {
      if (this.cache.size >= RENDER_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      cached = { at: 0, page: null, rendering: null };
      this.cache.set(key, cached);
    }
    const age = Date.now() - cached.at;
    if (age < RENDER_TTL_MS) return Promise.resolve(cached.page);
    const entry = cached;
    entry.rendering ??= this.visitor
      .run({ ip: request.ip }, () => bundle.render({ url: request.url, userAgent, cookie, manifest: this.manifest }))
      .then((result) => (result.rendered ? result : null))
      .catch(() => null)
      .then((page) => {
        Object.assign(entry, { at: Date.now(), page, rendering: null });
        return page;
      });
    if (age < RENDER_MAX_STALE_MS) return Promise.resolve(entry.page);
    // A render stuck on a slow read never holds the page: past the deadline it goes out unrendered (the render
    // goes on and serves the next request).
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), RENDER_DEADLINE_MS);
      void entry.rendering!.then((page) => {
        clearTimeout(timer);
        resolve(page);
      });
    });
  }

  /** The page in the shell (`index.html` with its head), with its compressed forms made once per render and shell. */
  compose(shell: string, page: RenderedPage): ComposedPage {
    const known = this.composed.get(page);
    if (known && known.shell === shell) return known;
    const composed: ComposedPage = { shell, html: Buffer.from(withRenderedPage(shell, page)), encoded: new Map() };
    this.composed.set(page, composed);
    return composed;
  }

  private load(): ServerEntry | null {
    if (this.entry !== undefined) return this.entry;
    const bundle = path.join(this.siteDir, 'dist-server', 'entry-server.cjs');
    const manifest = path.join(this.siteDir, 'dist', '.vite', 'manifest.json');
    if (!this.enabled || !existsSync(bundle) || !existsSync(manifest)) return (this.entry = null);
    // Node's own require (under Jest too, whose module registry would not load a file from the web build).
    const nodeRequire = process.getBuiltinModule('node:module').createRequire(__filename);
    const entry = nodeRequire(bundle) as ServerEntry;
    this.manifest = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    entry.installFetch((input, init) => this.visitorFetch(input, init));
    return (this.entry = entry);
  }

  /** The API, in process, as the visitor whose page is being rendered (their address; no cookie, no token). */
  private async visitorFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers = new Headers(init?.headers);
    const response = await this.fastify.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        'accept-language': headers.get('accept-language') ?? 'zh-CN',
        'x-requested-with': 'XMLHttpRequest',
      },
      remoteAddress: this.visitor.getStore()?.ip ?? '127.0.0.1',
    });
    const type = response.headers['content-type'];
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  }
}

/** A composed page: the HTML sent, and its brotli and gzip forms made on first demand. */
export interface ComposedPage {
  shell: string;
  html: Buffer;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** The same test as the member site's `isDesktopBrowser` (a render's device notice depends on it). */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|Windows Phone|BlackBerry|Opera Mini/i;

/**
 * The built `index.html` with a rendered page: its markup in `<div id="root">`, the route's stylesheets and module
 * preloads in the head, and the data block the browser hydrates from before the entry script.
 */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  return indexHtml
    .replace('</head>', () => `  ${page.headLinks}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>\n    ${page.stateScript}`);
}

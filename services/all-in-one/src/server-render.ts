import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzip, gzip } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { SiteSettingsCache, siteOrigin } from '@forum/platform';
import { pageHead, withHead } from './page-head';
import { idsIn, RenderCache, type Computed, type RenderSources } from './render-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

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

/** The cache's bound: rendered pages, compressed, with their bookkeeping (`SERVER_RENDER_CACHE_MB`). */
const CACHE_BYTES = Number(process.env.SERVER_RENDER_CACHE_MB ?? 64) * 1024 * 1024;
/**
 * After this age a kept page is rendered again in the background (it is served meanwhile): what changes without an
 * event — read counts, "hot" orderings, relative times — is at most this old. Content changes drop pages at once.
 */
const RENDER_REFRESH_MS = 60_000;
/** The longest a request waits for its page's render. */
const RENDER_DEADLINE_MS = 3_000;

/** A rendered page as sent: compressed once, when rendered. */
export interface CachedPage {
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Streams whose events may concern every page (besides those that name no id): a role's permissions. */
const SITE_WIDE_STREAMS = /^role-/;

/** What a page's render reads, for the request being rendered: the visitor's address and what the answers named. */
interface RenderScope {
  ip: string;
  /** The page's address: an API over HTTP answers all of one render's reads from the same replica of a context. */
  page: string;
  sources: RenderSources;
}

/**
 * The member site's public pages rendered on the server (ADR 34) by the member site's own server bundle. Off
 * when the bundle is not built or `SERVER_RENDERING=0`. Every render reads the API (`VisitorApi`: in process in
 * the all-in-one, over HTTP in the distributed mode's renderer, ADR 49) as a visitor (no cookie, no token: hidden
 * blocks stay locked) from the address of the visitor whose page it is.
 *
 * A page — head, markup, data block, compressed — is kept until something it was made from changes (ADR 38):
 * in the all-in-one the projections of this process announce every change before the writer's request answers,
 * and the settings copies the API's guards read are compared by identity; in the renderer, the events heard from
 * Kafka (`ChangeSource`). Only visitor renders exist, so a kept page holds nothing a visitor may not read.
 */
export class ServerRenderer {
  private entry: ServerEntry | null | undefined;
  private manifest: Record<string, unknown> = {};
  private readonly scope = new AsyncLocalStorage<RenderScope>();
  private readonly cache: RenderCache<CachedPage | null>;
  private etags = 0;

  constructor(
    private readonly api: VisitorApi,
    private readonly siteDir: string,
    changes: ChangeSource,
    private readonly enabled = process.env.SERVER_RENDERING !== '0',
  ) {
    this.cache = new RenderCache<CachedPage | null>(CACHE_BYTES, RENDER_REFRESH_MS, () => changes.settings());
    changes.onChanges((events) => {
      const change = events === 'all' ? { ids: null, mayLag: false } : changeOf(events);
      this.cache.changed(change.ids, change.mayLag);
    });
    // Loaded while the app starts (its I/O leaves the thread idle), not on the first visitor's request (a 3 MB
    // bundle to compile).
    setTimeout(() => this.load(), 0).unref();
  }

  /** Whether the member site's server bundle is built and loaded (else pages go out unrendered). */
  get ready(): boolean {
    return this.load() !== null;
  }

  /** Pages and bytes kept now. */
  get kept(): { pages: number; bytes: number } {
    return { pages: this.cache.count, bytes: this.cache.bytes };
  }

  /**
   * Sends the rendered page for this request and answers true; false when there is none (not a server-rendered
   * page, not built, or the API refused: the caller sends `index` with its head). `index` is the built `index.html`.
   * (A boolean, not the reply: a reply is a thenable, and an async function returning it waits for the response.)
   */
  async send(
    index: { body: Buffer; etag: string },
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
  ): Promise<boolean> {
    const bundle = this.load();
    if (!bundle?.isServerRendered(pathname)) return false;
    const userAgent = request.headers['user-agent'] ?? '';
    const cookie = request.headers.cookie ?? '';
    const origin = siteOrigin(request);
    // What a render reads from the request besides the address: the desktop-site notice's inputs; the head's
    // links carry the origin. The language is the address's (`?lang=`) or the site's default (a setting).
    const key =
      `${origin}${request.url}|${MOBILE_AGENT.test(userAgent) ? 'm' : 'd'}` +
      `${/(^|;\s*)accessDevice=mobile/.test(cookie) ? 'm' : 'd'}|${index.etag}`;
    const render = () =>
      this.render(bundle, index.body.toString('utf8'), { url: request.url, userAgent, cookie, ip: request.ip, origin });
    const page = this.cache.kept(key, render)?.value ?? (await this.rendered(this.cache.get(key, render)));
    if (!page) return false;
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (request.headers['if-none-match'] === page.etag) void reply.code(304).send();
    else if (encoding) void reply.header('content-encoding', encoding).send(page[encoding]);
    else void reply.send(await gunzipAsync(page.gzip));
    return true;
  }

  /**
   * A render awaited up to RENDER_DEADLINE_MS: one stuck on a slow read never holds the page, which then goes out
   * unrendered (the render goes on and serves the next request).
   */
  private async rendered(rendering: Promise<CachedPage | null>): Promise<CachedPage | null> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      rendering.catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_DEADLINE_MS))),
    ]).finally(() => clearTimeout(timer));
  }

  /** One page rendered as a visitor, composed in its shell and compressed, with what it was made from. */
  private async render(
    bundle: ServerEntry,
    index: string,
    request: { url: string; userAgent: string; cookie: string; ip: string; origin: string },
  ): Promise<Computed<CachedPage | null>> {
    const sources: RenderSources = { ids: new Set(), broad: false, cacheable: true };
    idsIn(request.url, sources.ids);
    const url = new URL(request.url, 'http://site');
    const [result, head] = await this.scope.run({ ip: request.ip, page: request.url, sources }, () =>
      Promise.all([
        bundle.render({
          url: request.url,
          userAgent: request.userAgent,
          cookie: request.cookie,
          manifest: this.manifest,
        }),
        pageHead(url.pathname, url.searchParams, (api) => this.visitorGet(api)).catch(() => null),
      ]),
    );
    if (!result.rendered) return { value: null, bytes: 0, sources };
    const html = Buffer.from(withRenderedPage(head ? withHead(index, head, request.origin) : index, result));
    const [br, gzipped] = await Promise.all([
      brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipAsync(html, { level: 6 }),
    ]);
    const etag = `"r${(++this.etags).toString(36)}-${Date.now().toString(36)}"`;
    return { value: { br, gzip: gzipped, etag }, bytes: br.length + gzipped.length, sources };
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

  /**
   * The API as the visitor whose page is being rendered (their address; no cookie, no token). What the answer
   * names is noted as what the page is made from.
   */
  private async visitorFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers = new Headers(init?.headers);
    const answer = await this.read(url, headers.get('accept-language') ?? 'zh-CN');
    return new Response(new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.contentType ? { 'content-type': answer.contentType } : {},
    });
  }

  /** The page head's reads (`page-head.ts`), the same way. */
  private async visitorGet(url: string): Promise<{ status: number; body: unknown }> {
    return jsonAnswer(await this.read(url, 'zh-CN'));
  }

  private async read(url: string, language: string): Promise<ApiAnswer> {
    const scope = this.scope.getStore();
    const answer = await this.api.get(url, { ip: scope?.ip ?? '127.0.0.1', language, page: scope?.page });
    if (scope) noteSources(scope.sources, url, answer.status, answer.body.toString('utf8'));
    return answer;
  }
}

/** An API answer as a render reads it. */
export interface ApiAnswer {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * A GET of the site's API as a visitor from `ip` (no cookie, no token): in process in the all-in-one
 * (`inProcessApi`), over HTTP to the contexts in the distributed mode's page renderer (`web-main.ts`, ADR 49).
 */
export interface VisitorApi {
  /** `page`: the address of the page being rendered, when the read is for one. */
  get(url: string, visitor: { ip: string; language: string; page?: string }): Promise<ApiAnswer>;
}

/**
 * What tells kept pages they may be out of date: batches of events as they are applied (or heard), and the
 * site-wide state the API's guards read besides them, compared by identity on every request.
 */
export interface ChangeSource {
  /** `'all'`: changes may have been missed (a consumer (re)joining), every kept page is dropped. */
  onChanges(listener: (events: readonly EventEnvelope[] | 'all') => void): void;
  settings(): readonly unknown[];
}

/** The API of this process, through fastify's `inject`. */
export function inProcessApi(fastify: FastifyInstance): VisitorApi {
  return {
    async get(url, { ip, language }) {
      const response = await fastify.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', 'accept-language': language, 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress: ip,
      });
      const type = response.headers['content-type'];
      return {
        status: response.statusCode,
        contentType: typeof type === 'string' ? type : undefined,
        body: response.rawPayload,
      };
    },
  };
}

/**
 * The changes of an app hosting contexts: its projections announce every applied batch before the writer's
 * request answers, and its settings copies are the site-wide state. Without an app, none.
 */
export function appChanges(app?: NestFastifyApplication): ChangeSource {
  const settings = app ? findAll(app, SiteSettingsCache) : [];
  const waiters = app ? findAll(app, ProjectionWaiter) : [];
  return {
    onChanges: (listener) => waiters.forEach((waiter) => waiter.onApplied(listener)),
    settings: () => settings.map((copy) => copy.current()),
  };
}

/** Status and parsed JSON of an answer (null when it is not JSON: only the status counts). */
export function jsonAnswer(answer: ApiAnswer): { status: number; body: unknown } {
  let body: unknown = null;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    // Not JSON.
  }
  return { status: answer.status, body };
}

/**
 * What an API answer adds to a page's sources: the ids in its address and body. An answer about no one item (a
 * list, the site's information aside) makes the page depend on any change; a refusal for this visitor's rate or
 * a server error makes it the moment's, never kept.
 */
function noteSources(sources: RenderSources, url: string, status: number, body: string): void {
  if (status === 429 || status >= 500) sources.cacheable = false;
  const pathname = url.split('?')[0]!;
  idsIn(pathname, sources.ids);
  if (pathname !== '/baseInfo' && !/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(pathname))
    sources.broad = true;
  idsIn(body, sources.ids);
}

/**
 * Events that only add content or recount: a page missing them for one render hides nothing. (New content a
 * visitor may not read yet — held for review, hidden blocks — is left out by the render's own API reads.)
 */
const MAY_LAG = /(Posted|^TopicCountersChanged|^PointsCredited|^PointsDebited|^RemindersDelivered)$/;

/**
 * The change a batch of applied events makes, for the render cache: the ids they name (in the stream id and
 * anywhere in their data), or null when one of them may concern every page — a stream about no one item
 * (settings, tag trees, help categories) or a role. It may lag (pages it concerns are sent while they render
 * again in the background) when every event in it only adds content or recounts: on a topic commented on every
 * second, each comment used to make the readers of the moment wait for a render (a comment reaches the cache as
 * 10-15 notices, one per projection applying it). Edits, removals, hides and everything else drop the pages at once.
 */
export function changeOf(events: readonly EventEnvelope[]): { ids: string[] | null; mayLag: boolean } {
  const ids = new Set<string>();
  let mayLag = true;
  for (const event of events) {
    const named = new Set<string>();
    idsIn(event.streamId, named);
    if (named.size === 0 || SITE_WIDE_STREAMS.test(event.streamId)) return { ids: null, mayLag: false };
    if (event.data !== undefined) idsIn(JSON.stringify(event.data), named);
    for (const id of named) ids.add(id);
    if (!MAY_LAG.test(event.type)) mayLag = false;
  }
  return { ids: [...ids], mayLag };
}

/** Every instance of a provider in the app's modules (one per context that declares it). */
function findAll<T>(app: NestFastifyApplication, type: abstract new (...args: never[]) => T): T[] {
  try {
    return app.get(type, { strict: false, each: true });
  } catch {
    return [];
  }
}

/** The encoding to send for an `Accept-Encoding` header (q-values honoured): brotli, else gzip, else none. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
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

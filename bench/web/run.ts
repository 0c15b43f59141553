import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '@forum/testing';
import { atMost, reportResult } from '../lib/result';
import { serverRenderedThroughput } from './ssr';
import { machine } from '../lib/stats';

/**
 * bench/web: loads the member site's home page (`/`) and the staff console (`/admin/`) in Chromium with a cold
 * cache against a running app (`BENCH_URL`, default http://127.0.0.1:3000; start one with `npm start`) and
 * prints LCP, TBT, the bytes transferred (JS, CSS, all) and the JavaScript each page needs, gzip-sized from the
 * builds (`<app>/dist`), next to the budget; then every lazy chunk of each build. Last, the server-rendered topic
 * page's throughput for visitors at 32 connections (autocannon in its own process; issue 20: ≥ 1,500 pages/s,
 * p99 ≤ 50 ms), on the newest topic (`BENCH_TOPIC_ID` to choose one).
 */
const BASE_URL = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Cold loads per page on the emulated phone (the figures the issue's LCP target is about). */
const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS ?? RUNS);
/** `BENCH_WEB_ONLY=member`: the member pages only (no staff console, no server-rendered throughput). */
const MEMBER_ONLY = process.env.BENCH_WEB_ONLY === 'member';
const STAFF = {
  account: process.env.BENCH_STAFF_ACCOUNT ?? 'admin',
  password: process.env.BENCH_STAFF_PASSWORD ?? 'admin123456',
};
const root = path.resolve(__dirname, '../../..');
const KB = 1024;

interface App {
  name: string;
  path: string;
  /** Where the build's assets are served from (`/` or `/admin/`). */
  base: string;
  dist: string;
  /** Gzip bytes of JavaScript the page may need before it shows anything useful. */
  budget?: number;
}

const MEMBER_DIST = path.join(root, 'web-member', 'dist');
const APPS: App[] = [
  { name: 'member home', path: '/', base: '/', dist: MEMBER_DIST, budget: 120 * KB },
  ...(MEMBER_ONLY
    ? []
    : [{ name: 'staff console', path: '/admin/', base: '/admin/', dist: path.join(root, 'web-admin', 'dist') }]),
];
/** Issue 20's targets on the phone. */
const LCP_TARGET_MS = 1_000;
const CLS_TARGET = 0.05;

/** Issue 20's phone: 4× slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const MOBILE = { cpuSlowdown: 4, downBytesPerSecond: 1_600_000 / 8, upBytesPerSecond: 750_000 / 8, latencyMs: 150 };

interface Load {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  bytes: { js: number; css: number; total: number };
  /** Paths of the scripts the page loaded (`/assets/…`). */
  scripts: string[];
  url: string;
}

/** Collected inside the page from the navigation on: LCP candidates, paints and long tasks. */
const OBSERVER = `
  window.__bench = { lcp: 0, longTasks: [], cls: 0, window: 0, first: 0, last: 0 };
  // CLS as web-vitals counts it: the largest sum of shifts in a session window (gaps < 1 s, at most 5 s long).
  new PerformanceObserver((list) => {
    const b = window.__bench;
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (b.window > 0 && entry.startTime - b.last < 1000 && entry.startTime - b.first < 5000) b.window += entry.value;
      else { b.window = entry.value; b.first = entry.startTime; }
      b.last = entry.startTime;
      b.cls = Math.max(b.cls, b.window);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

async function loadCold(browser: Browser, app: App, localStorage: Record<string, string>): Promise<Load> {
  // A new context is a new profile: empty HTTP cache, no service worker, no storage but what is given.
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [
        { origin: BASE_URL, localStorage: Object.entries(localStorage).map(([name, value]) => ({ name, value })) },
      ],
    },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVER });
    const bytes = await countTransfers(page);
    await page.goto(`${BASE_URL}${app.path}`, { waitUntil: 'networkidle' });
    // LCP is final once the page stops painting bigger things; a quiet second after the network settles.
    await page.waitForTimeout(1_000);
    const measured = await page.evaluate<{ lcp: number; fcp: number; longTasks: number[] }>(`({
      lcp: window.__bench.lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      longTasks: window.__bench.longTasks,
    })`);
    return {
      lcpMs: measured.lcp,
      fcpMs: measured.fcp,
      tbtMs: measured.longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      bytes: bytes.totals(),
      scripts: bytes.scripts(),
      url: page.url(),
    };
  } finally {
    await context.close();
  }
}

/** LCP and CLS of one cold load on the emulated phone (issue 20: LCP ≤ 1.0 s, CLS ≤ 0.05). */
async function loadOnPhone(browser: Browser, url: string): Promise<{ lcpMs: number; cls: number }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downBytesPerSecond,
      uploadThroughput: MOBILE.upBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(1_000);
    return await page.evaluate<{ lcpMs: number; cls: number }>(
      `({ lcpMs: window.__bench.lcp, cls: window.__bench.cls })`,
    );
  } finally {
    await context.close();
  }
}

/** Bytes on the wire per resource type, from the DevTools protocol (compressed size plus headers). */
async function countTransfers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, { type: string; url: string }>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) =>
    types.set(event.requestId, { type: event.type, url: event.response.url }),
  );
  cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
  return {
    totals() {
      const totals = { js: 0, css: 0, total: 0 };
      for (const [id, length] of finished) {
        const type = types.get(id)?.type;
        totals.total += length;
        if (type === 'Script') totals.js += length;
        if (type === 'Stylesheet') totals.css += length;
      }
      return totals;
    },
    scripts() {
      return [...types.values()].filter(({ type }) => type === 'Script').map(({ url }) => new URL(url).pathname);
    },
  };
}

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

/** The build as the browser sees it: what index.html loads up front, and every chunk loaded later. */
function analyseBuild(app: App) {
  const html = readFileSync(path.join(app.dist, 'index.html'), 'utf8');
  const base = app.base;
  const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)]
    .map((match) => match[1]!)
    .filter((url) => url.startsWith(base));
  const sizeOf = (file: string): Chunk => {
    const body = readFileSync(path.join(app.dist, file));
    return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  };
  const assets = readdirSync(path.join(app.dist, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file) && statSync(path.join(app.dist, 'assets', file)).isFile())
    .map((file) => sizeOf(`assets/${file}`));
  const initial = new Set(referenced.map((url) => url.slice(base.length)));
  // The member site's stylesheet is inside index.html (ADR 37).
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
  return {
    inlineCssGzip: inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0,
    initialJs: assets.filter((chunk) => chunk.file.endsWith('.js') && initial.has(chunk.file)),
    initialCss: assets.filter((chunk) => chunk.file.endsWith('.css') && initial.has(chunk.file)),
    lazy: assets.filter((chunk) => chunk.file.endsWith('.js') && !initial.has(chunk.file)),
    byPath: new Map(assets.map((chunk) => [`${base}${chunk.file}`, chunk])),
  };
}

/** A staff session for the console's dashboard (the demo account of `npm start` unless told otherwise). */
async function staffSession(): Promise<Record<string, string> | null> {
  const seed = await fetch(`${BASE_URL}/api/health`);
  const csrf = /cms_token=([^;]+)/.exec(seed.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) return null;
  const response = await fetch(`${BASE_URL}/api/identity/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cms_token=${csrf}`, 'bbs-xsrf-token': csrf },
    body: JSON.stringify(STAFF),
  });
  if (!response.ok) return null;
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
  return { staffAccessToken: tokens.accessToken, staffRefreshToken: tokens.refreshToken };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const sum = (chunks: Chunk[], key: 'raw' | 'gzip') => chunks.reduce((total, chunk) => total + chunk[key], 0);

async function main(): Promise<void> {
  console.log(`bench/web on ${machine()}`);
  console.log(
    `Chromium ${CHROMIUM_PATH}, ${BASE_URL}, ${RUNS} cold loads per page (median shown), ${PHONE_RUNS} on the phone; ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)\n`,
  );
  const ready = await fetch(`${BASE_URL}/api/health`).catch(() => null);
  if (!ready?.ok) throw new Error(`nothing answers ${BASE_URL}/api/health: start the app (npm start) or set BENCH_URL`);
  const session = await staffSession();
  const newest = (await (await fetch(`${BASE_URL}/api/forum/topics?pageSize=1`)).json()) as {
    items: { topicId: string }[];
  };
  const topicId = process.env.BENCH_TOPIC_ID ?? newest.items[0]?.topicId;
  const topicPath = topicId ? `/thread?topicId=${encodeURIComponent(topicId)}` : null;
  if (topicPath)
    APPS.splice(1, 0, { name: 'member topic', path: topicPath, base: '/', dist: MEMBER_DIST, budget: 120 * KB });
  const browser = await launchChromium();
  const phoneRows: string[] = [];
  let overBudget = false;
  const rows: string[][] = [];
  const lazyLines: string[] = [];
  try {
    for (const app of APPS) {
      if (!existsSync(path.join(app.dist, 'index.html'))) {
        rows.push([app.name, `not built (${path.relative(root, app.dist)})`, '', '', '', '', '', '', '']);
        continue;
      }
      const build = analyseBuild(app);
      const loads: Load[] = [];
      const storage = app.base === '/admin/' && session ? session : {};
      for (let run = 0; run < RUNS; run++) loads.push(await loadCold(browser, app, storage));
      const landed = new URL(loads[0]!.url).pathname;
      const pageJs = [...new Set(loads[0]!.scripts)]
        .map((script) => build.byPath.get(script))
        .filter((chunk) => chunk !== undefined);
      const pageJsGzip = sum(pageJs, 'gzip');
      const verdict =
        app.budget === undefined ? '—' : pageJsGzip <= app.budget ? `≤ ${kb(app.budget)} ✓` : `> ${kb(app.budget)} ✗`;
      overBudget ||= app.budget !== undefined && pageJsGzip > app.budget;
      const kib = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
      reportResult(
        'web',
        `${app.name}: JS the page loaded (gzip)`,
        kib(pageJsGzip),
        'KB',
        app.budget ? atMost(kib(app.budget)) : null,
      );
      reportResult('web', `${app.name}: LCP (median)`, Math.round(median(loads.map((load) => load.lcpMs))), 'ms');
      reportResult('web', `${app.name}: TBT (median)`, Math.round(median(loads.map((load) => load.tbtMs))), 'ms');
      reportResult(
        'web',
        `${app.name}: transferred (median)`,
        kib(median(loads.map((load) => load.bytes.total))),
        'KB',
      );
      rows.push([
        `${app.name} (${landed})`,
        ms(median(loads.map((load) => load.fcpMs))),
        ms(median(loads.map((load) => load.lcpMs))),
        ms(median(loads.map((load) => load.tbtMs))),
        `${kb(median(loads.map((load) => load.bytes.js)))} / ${kb(median(loads.map((load) => load.bytes.css)))} / ${kb(median(loads.map((load) => load.bytes.total)))}`,
        `${kb(sum(build.initialJs, 'gzip'))} (${build.initialJs.length} files)`,
        `${kb(pageJsGzip)} (${pageJs.length} files)`,
        verdict,
      ]);
      if (app.base === '/') {
        const phone: { lcpMs: number; cls: number }[] = [];
        for (let run = 0; run < PHONE_RUNS; run++) phone.push(await loadOnPhone(browser, `${BASE_URL}${app.path}`));
        const lcps = phone.map((load) => load.lcpMs);
        const clss = phone.map((load) => load.cls);
        reportResult(
          'web',
          `${app.name}: LCP on the phone (median)`,
          Math.round(median(lcps)),
          'ms',
          atMost(LCP_TARGET_MS),
        );
        reportResult(
          'web',
          `${app.name}: CLS on the phone (median)`,
          Math.round(median(clss) * 1000) / 1000,
          '',
          atMost(CLS_TARGET),
        );
        const mark = (ok: boolean) => (ok ? '✓' : '✗');
        phoneRows.push(
          `| ${app.name} | ${ms(Math.min(...lcps))} / ${ms(median(lcps))} / ${ms(Math.max(...lcps))} | ` +
            `≤ ${ms(LCP_TARGET_MS)} ${mark(median(lcps) <= LCP_TARGET_MS)} | ` +
            `${Math.min(...clss).toFixed(3)} / ${median(clss).toFixed(3)} / ${Math.max(...clss).toFixed(3)} | ` +
            `≤ ${CLS_TARGET} ${mark(median(clss) <= CLS_TARGET)} | ${kb(pageJsGzip)} | ` +
            `${app.budget === undefined ? '—' : `≤ ${kb(app.budget)} ${mark(pageJsGzip <= app.budget)}`} |`,
        );
      }
      if (app.path !== app.base) continue;
      lazyLines.push(
        `\n${app.name}: initial JS ${kb(sum(build.initialJs, 'raw'))} raw / ${kb(sum(build.initialJs, 'gzip'))} gzip, initial CSS ${kb(sum(build.initialCss, 'gzip'))} gzip in files + ${kb(build.inlineCssGzip)} gzip inside index.html; lazy chunks:`,
        ...build.lazy
          .sort((a, b) => b.gzip - a.gzip)
          .map(
            (chunk) =>
              `  ${chunk.file.padEnd(48)} ${kb(chunk.raw).padStart(10)} raw ${kb(chunk.gzip).padStart(10)} gzip`,
          ),
      );
    }
  } finally {
    await browser.close();
  }
  console.log(
    '| page | FCP | LCP | TBT | transferred JS / CSS / total | initial JS (gzip) | JS the page loaded (gzip) | budget |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nOn the phone (375 px, ${MOBILE.cpuSlowdown}× CPU slowdown, 1.6 Mbit/s, ${MOBILE.latencyMs} ms RTT), min / median / max ` +
      `of ${PHONE_RUNS} cold loads, each beside its target (✓/✗ on the median); load average now ` +
      `${loadavg()[0]!.toFixed(1)}:`,
  );
  console.log(
    '| page | LCP | target | CLS | target | JS the page loaded (gzip) | budget |\n|---|---|---|---|---|---|---|',
  );
  for (const row of phoneRows) console.log(row);
  console.log(lazyLines.join('\n'));
  console.log(
    `\nTBT: sum over long tasks of their time beyond 50 ms, from navigation until the network is idle. Gzip sizes: level 9 from dist.` +
      `${session ? '' : `\nThe console was measured signed out (its login page): staff login ${STAFF.account} failed.`}`,
  );
  if (overBudget) {
    console.log('\nOver budget.');
    process.exitCode = 1;
  }
}

main()
  .then(async () => {
    if (!MEMBER_ONLY && !(await serverRenderedThroughput(BASE_URL))) process.exitCode = 1;
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

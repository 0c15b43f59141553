import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticRouter, RouterProvider } from '@/lib/router';
import { defaultShouldDehydrateQuery, dehydrate, type Query } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { baseInfoQueryOptions } from '@/features/site/api/get-base-info';
import { DeviceNotice } from '@/features/site/components/device-notice';
import { repeatsThreadPage } from '@/features/topics/api/thread-page';
import { SiteInfoSync } from '@/features/site/components/site-info-sync';
import { setServerFetch } from '@/lib/api/client';
import { createI18n } from '@/lib/i18n';
import { chooseLanguage, type Language } from '@/lib/language';
import { createQueryClient } from '@/lib/query-client';
import { SSR_STATE_ID, type SsrState } from '@/lib/ssr-state';
import { needsDeviceNotice } from '@/lib/supported-device';
import { appState, applySiteInfo, initialAppState, setCurrentLanguage, type SiteInfo } from '@/stores/app-state';

/**
 * The member site's public pages rendered on the server (issue 20, ADR 34) from the same route table and
 * components the browser hydrates. Everything is read as a visitor through the fetch the host installs
 * (`installFetch`), so a page holds exactly what the API answers a visitor: hidden blocks locked, no member state.
 */

/** Public screens rendered on the server, with the module that draws each (its CSS and JS are linked from Vite's manifest). */
const SERVER_RENDERED: { test: RegExp; module: string; firstPage?: true }[] = [
  { test: /^\/$/, module: 'src/app/routes/home.tsx', firstPage: true },
  { test: /^\/thread$/, module: 'src/app/routes/thread.tsx', firstPage: true },
  { test: /^\/question$/, module: 'src/app/routes/question.tsx' },
  { test: /^\/askList$/, module: 'src/app/routes/ask-list.tsx' },
  { test: /^\/(help|helpDetail|termsService)$/, module: 'src/app/routes/moderation.tsx' },
  { test: /^\/user\/(?!control$|editTopic$)[A-Za-z0-9_-]{1,64}$/, module: 'src/app/routes/member.tsx' },
];

/** Whether a path is one of the server-rendered public pages. */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((route) => route.test.test(pathname));
}

/** Sets the fetch every API call of a render goes through: the host's in-process visitor read of its own API. */
export function installFetch(fetchImpl: typeof fetch): void {
  setServerFetch(fetchImpl);
}

export interface RenderRequest {
  /** Path and query of the page (`/thread?topicId=…`). */
  url: string;
  userAgent: string;
  /** The request's Cookie header: only the desktop/mobile choice is read from it. */
  cookie: string;
  /** Vite's client manifest (`dist/.vite/manifest.json`): the page's route CSS and module preloads come from it. */
  manifest: Record<string, ManifestChunk>;
}

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type RenderResult =
  | {
      rendered: true;
      /** The markup inside `<div id="root">`. */
      html: string;
      /** `<link>`s for the head: the route's stylesheets (no layout shift) and module preloads. */
      headLinks: string;
      /** The JSON data block the browser hydrates from (never a script that runs). */
      stateScript: string;
      language: Language;
    }
  /** Not rendered here (not a public page, or the API refused something): the browser renders it as before. */
  | { rendered: false; reason: string };

const i18ns: Partial<Record<Language, ReturnType<typeof createI18n>>> = {};
const i18nFor = (language: Language) => (i18ns[language] ??= createI18n(language));

/** Rounds of render → fetch what the render asked for → render again (a list that needs its question first). */
const MAX_PASSES = 4;

/**
 * Renders one public page as a visitor. Queries the components ask for during a render are fetched with their
 * own query functions and the page rendered again until nothing new is asked: the browser's code decides what
 * a page needs, so nothing is declared twice. A failed read (a missing topic, a closed site) gives up: the
 * browser then renders the page and shows its own message, as without server rendering.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://site');
  const route = SERVER_RENDERED.find((candidate) => candidate.test.test(url.pathname));
  if (!route) return { rendered: false, reason: 'not a server-rendered page' };
  const queryClient = createQueryClient();
  let info: Partial<SiteInfo>;
  try {
    info = await queryClient.fetchQuery(baseInfoQueryOptions());
  } catch {
    return { rendered: false, reason: 'baseInfo failed' };
  }
  const linked = url.searchParams.get('lang')?.toLowerCase();
  const language = chooseLanguage(linked === 'zh' || linked === 'en' ? linked : null, info.defaultLanguage, null);
  const i18n = i18nFor(language);
  const state = { ...initialAppState(), currentLanguage: language };
  const deviceNotice = needsDeviceNotice(
    Number(info.supportAccessDevice ?? state.supportAccessDevice),
    request.userAgent,
    request.cookie,
  );

  let router;
  try {
    router = await createStaticRouter(createRoutes({ onNavigate: () => undefined }), `${url.pathname}${url.search}`);
  } catch {
    return { rendered: false, reason: 'route error' };
  }
  if (!router) return { rendered: false, reason: 'no route' };

  const tree = (
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient}>
        {deviceNotice ? (
          <DeviceNotice />
        ) : (
          <>
            <SiteInfoSync />
            <RouterProvider router={router} />
          </>
        )}
      </AppProvider>
    </StrictMode>
  );
  // The shared store is global to the bundle: it is set right before each synchronous render, so concurrent
  // requests never see each other's (renders never interleave in one thread).
  const renderOnce = () => {
    appState.set(state);
    applySiteInfo(info);
    setCurrentLanguage(language);
    return renderToString(tree);
  };

  const asked = new Set<string>();
  let html = renderOnce();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash) && enabled(query));
    if (!wanted.length) break;
    for (const query of wanted) asked.add(query.queryHash);
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    const failed = wanted.find((query) => query.state.status === 'error');
    if (failed) return { rendered: false, reason: `query ${failed.queryHash} failed` };
    html = renderOnce();
  }

  const ssr: SsrState = {
    language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    deviceNotice,
    // What a thread page's answer already holds is sent once (the browser seeds it again from that answer).
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && !repeatsThreadPage(query, queryClient),
    }),
  };
  return {
    rendered: true,
    html,
    // The reader's catalogue is its own chunks in the browser (ADR 37): preloaded beside the screen's code, the
    // first part alone on a first page (home, a topic), both parts on another screen (its route waits for both).
    headLinks: linksFor(request.manifest, [
      route.module,
      `src/locales/${language}/first.ts`,
      ...(route.firstPage ? [] : [`src/locales/${language}/more.ts`]),
    ]),
    stateScript: `<script type="application/json" id="${SSR_STATE_ID}">${safeJson(ssr)}</script>`,
    language,
  };
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) !== false : option !== false;
}

/** JSON inside an HTML element: nothing in it may close the element or open a comment. */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const attribute = (value: string) => value.replace(/[&"<>]/g, (char) => ATTRIBUTE_ESCAPES[char]!);

/** The stylesheets and module preloads of modules (a route's, a catalogue) and the chunks they import, from the manifest. */
function linksFor(manifest: Record<string, ManifestChunk>, modules: string[]): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  // The entry's own files are in index.html already.
  const entry = Object.values(manifest).find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
  const skip = new Set<string>();
  const skipVisit = (chunk: ManifestChunk | undefined) => {
    if (!chunk || skip.has(chunk.file)) return;
    skip.add(chunk.file);
    for (const file of chunk.css ?? []) skip.add(file);
    for (const imported of chunk.imports ?? []) skipVisit(manifest[imported]);
  };
  skipVisit(entry);
  return [
    ...[...css].filter((file) => !skip.has(file)).map((file) => `<link rel="stylesheet" href="/${attribute(file)}" />`),
    ...[...js]
      .filter((file) => !skip.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}" />`),
  ].join('\n    ');
}

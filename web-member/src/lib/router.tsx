import {
  Component as ReactComponent,
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The member site's router (ADR 44): the URL → screen map of `app/router.tsx`, lazy screens, history with
 * back/forward and scroll restoration, links — what the site used of React Router's data router, in a few KB
 * instead of 31 KB gzip on every first load. The same tree renders on the server (`createStaticRouter`) and
 * hydrates in the browser (`createBrowserRouter`); tests use `createMemoryRouter`.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** A new key for each history entry; "default" for the page the browser loaded. */
  key: string;
}

export interface RouteModule {
  Component?: ComponentType;
}

export interface Route {
  id?: string;
  /** Relative to the parent (a leading slash is ignored); `:name` is one segment, `*` the rest. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** The screen's code, loaded before the screen is shown (its `Component` export draws it). */
  lazy?: () => Promise<RouteModule>;
  Component?: ComponentType;
  /** Shown instead of the whole tree when a screen fails (its code did not load, it threw while rendering). */
  errorElement?: ReactNode;
  /** Shown where a screen is while its code loads on a page the server did not render. */
  hydrateFallbackElement?: ReactNode;
  /** Runs at the start of every navigation that lands on this route (the same URL again too). */
  onNavigate?: (location: Location) => void;
  handle?: unknown;
  children?: Route[];
}

export interface Match {
  route: Route;
  /** The part of the URL this route matched. */
  pathname: string;
  params: Record<string, string>;
}

/** What `useMatches` gives: the route's id, handle, matched path and params. */
export interface UIMatch {
  id: string;
  pathname: string;
  params: Record<string, string>;
  handle: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  location: Location;
  matches: Match[];
  /** How the current location was reached: POP (first load, back/forward), PUSH or REPLACE. */
  action: 'POP' | 'PUSH' | 'REPLACE';
  /** A navigation under way (its screen's code loading), or idle. */
  navigation: { state: 'idle' | 'loading'; location?: Location };
  /** A screen's code failed to load. */
  error: unknown;
  /** The current screen's code is still loading (a first page the server did not render). */
  loading: boolean;
}

export interface Router {
  readonly state: RouterState;
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Resolves when the first location's screen code has loaded. */
  ready: Promise<void>;
  /** From now on, where an outgoing page was scrolled is kept under this key (`ScrollRestoration`). */
  keepScrollPositions(key: (location: Location) => string): void;
}

// ---- matching ------------------------------------------------------------------------------------------------

interface Branch {
  segments: string[];
  score: number;
  routes: Route[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: static segments beat `:params`, which beat `*`; an index route beats its layout. */
function flatten(routes: Route[], parents: Route[] = [], parentSegments: string[] = [], out: Branch[] = []) {
  for (const route of routes) {
    const segments = [...parentSegments, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, segments, out);
    if (!route.children?.length || route.index) {
      const score = segments.reduce(
        (total, segment) => total + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
        segments.length + (route.index ? 2 : 0),
      );
      out.push({ segments, score, routes: chain });
    }
  }
  return out;
}

const branchCache = new WeakMap<Route[], Branch[]>();

/** The routes a path lands on, outermost first, or null. */
export function matchRoutes(routes: Route[], pathname: string): Match[] | null {
  let branches = branchCache.get(routes);
  if (!branches) {
    // A stable sort: equal scores keep the table's order.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  const parts = segmentsOf(pathname);
  for (const branch of branches) {
    const params = matchSegments(branch.segments, parts);
    if (!params) continue;
    // Each route of the chain matched the URL up to its own segments.
    let depth = 0;
    return branch.routes.map((route) => {
      depth += segmentsOf(route.path ?? '').length;
      const matched = branch.segments.at(depth - 1) === '*' ? parts : parts.slice(0, depth);
      return { route, params, pathname: `/${matched.join('/')}` };
    });
  }
  return null;
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === pattern.length ? params : null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Loads the code of every lazy route of a match (once: the module's `Component` is kept on the route). */
export async function loadMatches(matches: Match[]): Promise<void> {
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy) return;
      const load = route.lazy;
      const module = await load();
      if (route.lazy === load) Object.assign(route, module, { lazy: undefined });
    }),
  );
}

// ---- locations and history ------------------------------------------------------------------------------------

let keys = 0;
const newKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

/** `to` against the current location: absolute paths, `?query` and `#hash` (the site uses no other relative form). */
export function resolve(to: string, from: { pathname: string; search: string }): Omit<Location, 'state' | 'key'> {
  const url = new URL(to, `http://site${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const href = (location: Omit<Location, 'state' | 'key'>) =>
  `${location.pathname}${location.search}${location.hash}`;

interface History {
  location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Back/forward: called with the entry the user went to. */
  listen(listener: (location: Location) => void): void;
}

interface BrowserEntryState {
  key: string;
  usr: unknown;
}

function browserHistory(): History {
  const current = (): Location => {
    const state = window.history.state as Partial<BrowserEntryState> | null;
    return {
      pathname: window.location.pathname,
      search: window.location.search,
      hash: window.location.hash,
      state: state?.usr ?? null,
      key: state?.key ?? 'default',
    };
  };
  const entry = (location: Location): BrowserEntryState => ({ key: location.key, usr: location.state });
  return {
    location: current(),
    push: (location) => window.history.pushState(entry(location), '', href(location)),
    replace: (location) => window.history.replaceState(entry(location), '', href(location)),
    listen: (listener) => window.addEventListener('popstate', () => listener(current())),
  };
}

function memoryHistory(initial: string): History {
  return {
    location: { ...resolve(initial, { pathname: '/', search: '' }), state: null, key: 'default' },
    push: () => undefined,
    replace: () => undefined,
    listen: () => undefined,
  };
}

// ---- the router ------------------------------------------------------------------------------------------------

function createRouter(routes: Route[], history: History, { server = false } = {}): Router {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const matchesOf = (location: Location) => matchRoutes(routes, location.pathname) ?? [];
  const needsLoading = (matches: Match[]) => matches.some((match) => match.route.lazy);
  const announce = (location: Location, matches: Match[]) => {
    for (const { route } of matches) route.onNavigate?.(location);
  };

  let pending = 0;
  let scrollKey: ((location: Location) => string) | null = null;
  const initialMatches = matchesOf(history.location);
  let state: RouterState = {
    location: history.location,
    matches: initialMatches,
    action: 'POP',
    navigation: { state: 'idle' },
    error: null,
    loading: needsLoading(initialMatches),
  };
  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    emit();
  };

  /** Loads the next screen's code, then shows it (unless another navigation started meanwhile). */
  const go = async (location: Location, action: RouterState['action'], commit: () => void) => {
    const id = ++pending;
    const matches = matchesOf(location);
    announce(location, matches);
    let error: unknown = null;
    if (needsLoading(matches)) {
      set({ navigation: { state: 'loading', location } });
      try {
        await loadMatches(matches);
      } catch (failure) {
        error = failure;
      }
      if (id !== pending) return;
    }
    if (scrollKey) savePosition(scrollKey(state.location));
    commit();
    set({ location, matches, action, navigation: { state: 'idle' }, error, loading: false });
  };

  const router: Router = {
    get state() {
      return state;
    },
    navigate(to, { replace, state: usr = null } = {}) {
      const target = resolve(to, state.location);
      const location: Location = { ...target, state: usr, key: newKey() };
      // A link to the page already shown replaces its entry, as React Router did.
      const action = replace || href(target) === href(state.location) ? 'REPLACE' : 'PUSH';
      return go(location, action, () => (action === 'REPLACE' ? history.replace(location) : history.push(location)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keepScrollPositions(key) {
      scrollKey = key;
    },
    ready: Promise.resolve(),
  };
  if (server) return router;

  history.listen((location) => void go(location, 'POP', () => undefined));
  // The first page is a navigation too (its hooks run; its screen's code loads).
  announce(state.location, initialMatches);
  if (state.loading) {
    router.ready = loadMatches(initialMatches).then(
      () => set({ loading: false }),
      (error: unknown) => set({ loading: false, error }),
    );
  }
  return router;
}

/**
 * The browser's router. The first page's screen code starts loading at once; a page the server rendered awaits
 * `router.ready` before hydrating, so the first render is the server's markup and not a fallback.
 */
export function createBrowserRouter(routes: Route[]): Router {
  window.history.scrollRestoration = 'manual';
  return createRouter(routes, browserHistory());
}

/** For tests: a router at `initialEntries[0]` that navigates without touching the browser's history. */
export function createMemoryRouter(routes: Route[], { initialEntries = ['/'] }: { initialEntries?: string[] } = {}) {
  return createRouter(routes, memoryHistory(initialEntries[0] ?? '/'));
}

/**
 * For the server render: the page at `url` with its screen code loaded, or null when no route matches. Its
 * navigation hooks do not run (they are the browser's: visits, per-screen state).
 */
export async function createStaticRouter(routes: Route[], url: string): Promise<Router | null> {
  const history = memoryHistory(url);
  const matches = matchRoutes(routes, history.location.pathname);
  if (!matches) return null;
  await loadMatches(matches);
  return createRouter(routes, history, { server: true });
}

// ---- scroll positions ------------------------------------------------------------------------------------------

const SCROLL_STORAGE_KEY = 'forum-scroll-positions';
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

function savePosition(key: string) {
  savedPositions()[key] = window.scrollY;
}

/**
 * Back and forward return to where the page was scrolled; a new page starts at its top, or at the element its
 * `#hash` names. The positions outlive a reload (session storage), like the browser's own.
 */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const { router, state } = useRouterContext();
  const { location, action, loading } = state;
  const previous = useRef<Location | null>(null);
  // The layout passes a new function on each render; the one of the last render is the one that counts.
  const keyOf = useRef(getKey);
  useEffect(() => {
    keyOf.current = getKey;
    router.keepScrollPositions(getKey);
  });
  useEffect(() => {
    const save = () => {
      savePosition(keyOf.current(router.state.location));
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or denied: positions are kept for this page only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [router]);
  useLayoutEffect(() => {
    const from = previous.current;
    // Once per entry shown: the layout renders again for many reasons (a navigation starting, a language switch).
    if (loading || from === location) return;
    previous.current = location;
    // A `#fragment` link on the same page: the browser has scrolled to it already.
    if (action === 'POP' && from && from.pathname === location.pathname && from.search === location.search) return;
    // Nothing is returned from here: current Chromium's scrollIntoView returns a promise, which React would take
    // for the effect's cleanup.
    const saved = savedPositions()[getKey(location)];
    const target = location.hash ? document.getElementById(decode(location.hash.slice(1))) : null;
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    // The first page stays where the browser has it (a reader may scroll a server-rendered page before it runs).
    else if (action !== 'POP') window.scrollTo(0, 0);
  }, [location, loading, action, getKey]);
  return null;
}

// ---- React -----------------------------------------------------------------------------------------------------

interface RouterContextValue {
  router: Router;
  state: RouterState;
}

const RouterContext = createContext<RouterContextValue | null>(null);
/** How deep in the matches the nearest `<Outlet>` renders. */
const DepthContext = createContext(0);

function useRouterContext(): RouterContextValue {
  const context = useContext(RouterContext);
  if (!context) throw new Error('outside a RouterProvider');
  return context;
}

const useRouterState = () => useRouterContext().state;

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const value = useMemo(() => ({ router, state }), [router, state]);
  const root = state.matches[0]?.route;
  return (
    <RouterContext.Provider value={value}>
      {state.loading ? (
        (root?.hydrateFallbackElement ?? null)
      ) : (
        <ErrorBoundary location={state.location} fallback={root?.errorElement} error={state.error}>
          <RouteAt depth={0} />
        </ErrorBoundary>
      )}
    </RouterContext.Provider>
  );
}

function RouteAt({ depth }: { depth: number }) {
  const { state } = useRouterContext();
  const match = state.matches[depth];
  if (!match) return null;
  const { route } = match;
  return (
    <DepthContext.Provider value={depth + 1}>
      {route.element ?? (route.Component ? <route.Component /> : <Outlet />)}
    </DepthContext.Provider>
  );
}

/** Where a layout shows the screen inside it. */
export function Outlet() {
  return <RouteAt depth={useContext(DepthContext)} />;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  error: unknown;
  children: ReactNode;
}

/** A screen that throws shows the root's error element until the next navigation. */
class ErrorBoundary extends ReactComponent<BoundaryProps, { error: unknown; location: Location }> {
  state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  render() {
    const failed = this.props.error ?? this.state.error;
    return failed && this.props.fallback !== undefined ? this.props.fallback : this.props.children;
  }
}

export function useLocation(): Location {
  return useRouterState().location;
}

/** Navigates to a path (`/thread?topicId=…`, `?page=2`); the promise settles when the new screen is shown. */
export function useNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  return useRouterContext().router.navigate;
}

export function useMatches(): UIMatch[] {
  const { matches } = useRouterState();
  return useMemo(
    () =>
      matches.map((match, index) => ({
        id: match.route.id ?? String(index),
        pathname: match.pathname,
        params: match.params,
        handle: match.route.handle,
      })),
    [matches],
  );
}

export function useParams(): Record<string, string | undefined> {
  const { matches } = useRouterState();
  return matches.at(-1)?.params ?? {};
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { router, state } = useRouterContext();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useMemo(
    () => (next: URLSearchParams, options?: NavigateOptions) => {
      const query = next.toString();
      void router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Navigates when rendered (a route that only sends the reader elsewhere). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const { router } = useRouterContext();
  useEffect(() => {
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An `<a href>` that navigates inside the app on a plain click (new tabs, downloads, other windows as usual). */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router, state: routerState } = useRouterContext();
  const url = href(resolve(to, routerState.location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a {...rest} href={url} target={target} onClick={follow} />;
}

/** A link that is marked (`active`, `aria-current="page"`) while its path is shown (`end`: only that path, not below it). */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = resolve(props.to, { pathname, search: '' }).pathname.replace(/\/$/, '') || '/';
  const current = pathname.replace(/\/$/, '') || '/';
  const active =
    current.toLowerCase() === target.toLowerCase() ||
    (!end && target !== '/' && current.toLowerCase().startsWith(`${target.toLowerCase()}/`));
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}

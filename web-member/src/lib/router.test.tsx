import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  createStaticRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useMatches,
  useParams,
  useSearchParams,
  type Route,
} from './router';

function Screen({ name }: { name: string }) {
  const { search } = useLocation();
  const params = useParams();
  return (
    <h1>
      {name}
      {search}
      {params.memberId ? ` ${params.memberId}` : ''}
    </h1>
  );
}

function Layout() {
  // Like the site's layout (titles): it renders again whenever the router's state changes.
  useMatches();
  return (
    <>
      <nav>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/askList">Questions</NavLink>
        <Link to="/askList?page=2">Page two</Link>
        <Link to="/user/m1">Member</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/broken">Broken</Link>
      </nav>
      <Outlet />
      <ScrollRestoration getKey={(location) => location.key} />
    </>
  );
}

function routes(overrides: { slow?: () => Promise<{ Component: () => ReactElement }> } = {}): Route[] {
  return [
    {
      element: <Layout />,
      errorElement: <p role="alert">page failed</p>,
      hydrateFallbackElement: <p>fallback</p>,
      children: [
        { index: true, element: <Screen name="home" /> },
        { path: 'askList', lazy: async () => ({ Component: () => <Screen name="questions" /> }) },
        { path: 'thread', element: <p id="comment-c2">second comment</p> },
        { path: 'user/editTopic', element: <Screen name="edit topic" /> },
        { path: 'user/:memberId', element: <Screen name="member" /> },
        {
          path: 'user/control',
          element: <Outlet />,
          children: [
            { index: true, element: <Navigate to="/user/control/home" replace /> },
            { path: 'home', element: <Screen name="control home" /> },
          ],
        },
        { path: 'slow', lazy: overrides.slow ?? (async () => ({ Component: () => <Screen name="slow" /> })) },
        { path: 'broken', lazy: () => Promise.reject(new Error('chunk gone')) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('the member site router', () => {
  it('ranks a static path over a member id, opens nested index routes, and sends unknown paths home', async () => {
    for (const [path, shown, at] of [
      ['/user/editTopic', 'edit topic', '/user/editTopic'],
      ['/user/abc-123', 'member abc-123', '/user/abc-123'],
      ['/user/control', 'control home', '/user/control/home'],
      ['/no/such/page', 'home', '/'],
    ] as const) {
      const router = createMemoryRouter(routes(), { initialEntries: [path] });
      const view = render(<RouterProvider router={router} />);
      await waitFor(() => expect(heading()).toBe(shown));
      expect(router.state.location.pathname).toBe(at);
      view.unmount();
    }
  });

  it('keeps the current screen while the next one loads, and marks the link of the page shown', async () => {
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<{ Component: () => ReactElement }>((resolve) => {
        release = () => resolve({ Component: () => <Screen name="slow" /> });
      });
    const router = createMemoryRouter(routes({ slow }), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(heading()).toBe('home');
    expect(router.state.navigation.location?.pathname).toBe('/slow');
    await act(async () => release());
    expect(heading()).toBe('slow');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Page two' }));
    await waitFor(() => expect(heading()).toBe('questions?page=2'));
    expect(screen.getByRole('link', { name: 'Questions' }).className).toBe('active');
  });

  it('shows the error element when a screen cannot load, and recovers on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(routes(), { initialEntries: ['/broken'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('page failed');
    await act(() => router.navigate('/askList'));
    expect(heading()).toBe('questions');
  });

  it('changes only the query with useSearchParams, replacing the entry when asked', async () => {
    function Pager() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams(new URLSearchParams({ page: '3' }), { replace: true })}>
          page {params.get('page') ?? '1'}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '*', element: <Pager /> }], { initialEntries: ['/askList?page=2'] });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }));
    await screen.findByRole('button', { name: 'page 3' });
    expect(router.state.location.pathname).toBe('/askList');
    expect(router.state.action).toBe('REPLACE');
  });

  it('renders on the server what the browser hydrates', async () => {
    const router = await createStaticRouter(routes(), '/askList?page=2');
    const html = renderToString(<RouterProvider router={router!} />);
    expect(html).toContain('<h1>questions<!-- -->?page=2');
    expect(await createStaticRouter([{ path: 'only', element: <p /> }], '/other')).toBeNull();
  });
});

describe('the browser router', () => {
  const scrolled: number[] = [];
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    scrolled.length = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolled.push(y);
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    }) as typeof window.scrollTo);
  });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('goes back and forward through the entries it pushed, where each page was scrolled', async () => {
    const router = createBrowserRouter(routes());
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('home');
    // The reader scrolled the home page down, then opened the questions.
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
    await waitFor(() => expect(heading()).toBe('questions'));
    expect(window.location.pathname).toBe('/askList');
    expect(scrolled.at(-1)).toBe(0);

    act(() => window.history.back());
    await waitFor(() => expect(heading()).toBe('home'));
    expect(window.location.pathname).toBe('/');
    expect(scrolled.at(-1)).toBe(640);

    act(() => window.history.forward());
    await waitFor(() => expect(heading()).toBe('questions'));
  });

  it('does not move the page while it stays on it (a navigation starting, the layout rendering again)', async () => {
    const slow = () => new Promise<{ Component: () => ReactElement }>(() => undefined);
    const router = createBrowserRouter(routes({ slow }));
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
    await waitFor(() => expect(heading()).toBe('questions'));
    const scrolls = scrolled.length;
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(router.state.navigation.state).toBe('loading');
    expect(heading()).toBe('questions');
    expect(scrolled).toHaveLength(scrolls);
  });

  it('opens a link to an anchor at its element, also when scrollIntoView returns a promise (current Chromium)', async () => {
    const scrollIntoView = vi.fn(() => Promise.resolve());
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    const router = createBrowserRouter(routes());
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/thread#comment-c2'));
    expect(screen.getByText('second comment')).toBeTruthy();
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByText('second comment'));
    await act(() => router.navigate('/'));
    expect(heading()).toBe('home');
    expect(scrolled.at(-1)).toBe(0);
  });

  it('leaves a click with a modifier key, or to another window, to the browser', async () => {
    const router = createBrowserRouter(routes());
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Member' });
    expect(link.getAttribute('href')).toBe('/user/m1');
    // What the router left to the browser is seen at the document (then stopped: jsdom opens no new tab).
    let leftToBrowser = false;
    const seen = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', seen);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    document.removeEventListener('click', seen);
    expect(leftToBrowser).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });
});

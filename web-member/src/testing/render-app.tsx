import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { createI18n } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { setCurrentLanguage } from '@/stores/app-state';
import { fakeFetch, json } from './fake-fetch';
import { testQueryClient } from './render';

const emptyPage = { items: [], page: 1, pageSize: 20, total: 0, totalPages: 0 };

/**
 * The whole member site (its real route map and layout) at `path`, with `fetch` replaced at the network boundary:
 * `routes` answer by "METHOD /path"; the background calls every screen makes answer harmlessly by default.
 */
export function renderApp(
  path: string,
  { routes = {}, language = 'en' }: { routes?: Parameters<typeof fakeFetch>[0]; language?: Language } = {},
) {
  const network = fakeFetch({
    'GET /statistic/add': () => new Response(null, { status: 204 }),
    'GET /api/forum/topics': () => json(200, emptyPage),
    'GET /api/qa/questions': () => json(200, emptyPage),
    'GET /api/qa/tags': () => json(200, { items: [] }),
    'GET /api/messaging/unread-count': () =>
      json(200, { privateMessageCount: 0, remindCount: 0, systemNotifyCount: 0 }),
    ...routes,
  });
  vi.stubGlobal('fetch', network.fetch);
  setCurrentLanguage(language);
  const queryClient: QueryClient = testQueryClient();
  const router = createMemoryRouter(createRoutes({ onNavigate: () => undefined }), { initialEntries: [path] });
  const view = render(
    <AppProvider i18n={createI18n(language)} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, network, queryClient };
}

/** The form fields of a request body. */
export function formOf(body: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body ?? ''));
}

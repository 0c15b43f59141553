import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nProvider } from '@/lib/translator';
import { createMemoryRouter, RouterProvider, type Route } from '@/lib/router';
import { createI18n } from '@/lib/i18n';
import type { Language } from '@/lib/language';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function Providers({
  children,
  language = 'en',
  queryClient = testQueryClient(),
}: {
  children: ReactNode;
  language?: Language;
  queryClient?: QueryClient;
}) {
  return (
    <I18nProvider i18n={createI18n(language)}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

/** Renders an element inside the app's providers at a memory route. */
export function renderWithProviders(
  element: ReactElement,
  options: { path?: string; language?: Language; routes?: Route[]; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter([{ path: '*', element }, ...(options.routes ?? [])], {
    initialEntries: [options.path ?? '/'],
  });
  const view = render(
    <Providers language={options.language} queryClient={options.queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

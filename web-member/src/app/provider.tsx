import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DialogHost } from '@/components/ui/dialog-host';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { Toaster } from '@/components/ui/toaster';

/** Translations, the query cache, and the global overlays (loading bar, toasts, blocking dialogs). */
export function AppProvider({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LoadingIndicator />
        {children}
        <Toaster />
        <DialogHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

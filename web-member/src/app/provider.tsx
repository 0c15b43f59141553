import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { I18n } from '@/lib/translator';
import type { ReactNode } from 'react';
import { I18nProvider } from '@/lib/translator';
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
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LoadingIndicator />
        {children}
        <Toaster />
        <DialogHost />
      </QueryClientProvider>
    </I18nProvider>
  );
}

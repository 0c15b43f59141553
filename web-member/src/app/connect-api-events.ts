import type { I18n } from '@/lib/translator';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api/api-client';
import { openDialog } from '@/components/ui/dialog-store';
import { loadingTracker } from '@/components/ui/loading-indicator';
import { toaster } from '@/components/ui/toast-store';
import { setSystemUser, setTopicDetailPermission } from '@/stores/app-state';

export interface ApiEventTargets {
  i18n: I18n;
  queryClient: QueryClient;
  navigate: (to: string, options: { replace: boolean }) => void;
}

/** Renders what the (UI-agnostic) API client reports: toasts, dialogs, navigation, session and loading state. */
export function connectApiEvents(api: ApiClient, { i18n, queryClient, navigate }: ApiEventTargets): () => void {
  return api.subscribe((event) => {
    switch (event.type) {
      case 'toast':
        toaster.show({
          kind: 'error',
          message: i18n.t(event.key, event.params ?? {}),
          detail: event.detail,
          persistent: event.persistent,
        });
        return;
      case 'fieldErrors':
        openDialog({ title: i18n.t('common.error'), items: event.messages });
        return;
      case 'alert':
        openDialog({
          title: i18n.t('common.notice'),
          message: event.id === '456' ? i18n.t('http.80') : (event.message ?? i18n.t('http.50')),
          detail: event.id === '456' ? event.message : undefined,
          onClose: () => api.dismissAlert(event.id),
        });
        return;
      case 'navigate':
        navigate(event.to, { replace: event.replace });
        return;
      case 'sessionCleared':
        setSystemUser(null);
        queryClient.removeQueries({ queryKey: ['messages'] });
        return;
      case 'userRefreshed':
        setSystemUser(event.user);
        return;
      case 'topicDetailDenied':
        setTopicDetailPermission(false);
        return;
      case 'loading':
        loadingTracker.update(event.pending);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  });
}

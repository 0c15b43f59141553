import { useTranslation } from '@/lib/translator';
import { createStore, useStore } from '@/lib/create-store';
import { createLoadingTracker } from '@/lib/loading-tracker';

export const loading = createStore({ visible: false });
export const loadingTracker = createLoadingTracker((visible) => loading.set({ visible }));

/** A thin bar at the top of the page while API calls are pending. */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const visible = useStore(loading, (state) => state.visible);
  if (!visible) return null;
  return <div className="loading-bar" role="progressbar" aria-label={t('common.loading')} />;
}

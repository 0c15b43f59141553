import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootstrap } from '@/app/bootstrap';
import { connectApiEvents } from '@/app/connect-api-events';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { recordVisit } from '@/features/site/api/record-visit';
import { DeviceNotice } from '@/features/site/components/device-notice';
import { SiteInfoSync } from '@/features/site/components/site-info-sync';
import { api } from '@/lib/api/client';
import { createI18n } from '@/lib/i18n';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, rememberLinkLanguage } from '@/lib/language';
import { createQueryClient } from '@/lib/query-client';
import { needsDeviceNotice } from '@/lib/supported-device';
import { createVisitTracker } from '@/lib/visit-tracker';
import { appState, setCurrentLanguage } from '@/stores/app-state';
import '@/styles/global.css';

rememberLinkLanguage(location.search, localStorage);
const provisionalLanguage = chooseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), null, navigator.language);
setCurrentLanguage(provisionalLanguage);
const i18n = createI18n(provisionalLanguage);
const queryClient = createQueryClient();
// Created at once so the first screen's code loads while /baseInfo is being fetched.
const router = createAppRouter({ onNavigate: createVisitTracker(recordVisit, document.referrer) });
connectApiEvents(api, { i18n, queryClient, navigate: (to, options) => void router.navigate(to, options) });

const root = createRoot(document.getElementById('root')!);

void bootstrap({ api, queryClient, i18n, storage: localStorage, browserLanguage: navigator.language }).then(() => {
  const { supportAccessDevice } = appState.get();
  const notice = needsDeviceNotice(supportAccessDevice, navigator.userAgent, document.cookie);
  root.render(
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient}>
        {notice ? (
          <DeviceNotice />
        ) : (
          <>
            <SiteInfoSync />
            <RouterProvider router={router} />
          </>
        )}
      </AppProvider>
    </StrictMode>,
  );
});

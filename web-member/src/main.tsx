import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { RouterProvider } from '@/lib/router';
import { bootstrap } from '@/app/bootstrap';
import { connectApiEvents } from '@/app/connect-api-events';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { baseInfoQueryKey } from '@/features/site/api/get-base-info';
import { recordVisit } from '@/features/site/api/record-visit';
import { DeviceNotice } from '@/features/site/components/device-notice';
import { SiteInfoSync } from '@/features/site/components/site-info-sync';
import { api } from '@/lib/api/client';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, rememberLinkLanguage } from '@/lib/language';
import { setDisplayTimeZone } from '@/lib/format-time';
import { createQueryClient } from '@/lib/query-client';
import { readSsrState, type SsrState } from '@/lib/ssr-state';
import { loadI18n } from '@/lib/translator';
import { needsDeviceNotice } from '@/lib/supported-device';
import { createVisitTracker } from '@/lib/visit-tracker';
import { appState, applySiteInfo, setCurrentLanguage, type SiteInfo } from '@/stores/app-state';
import '@/styles/global.css';

rememberLinkLanguage(location.search, localStorage);
const ssr = readSsrState(document);
if (ssr) void startServerRendered(ssr);
else void startClientRendered();

/** A page the server did not render: site info first, then the app (as before server rendering). */
async function startClientRendered() {
  const provisionalLanguage = chooseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), null, navigator.language);
  setCurrentLanguage(provisionalLanguage);
  const loadingTexts = loadI18n(provisionalLanguage);
  const queryClient = createQueryClient();
  // Created at once so the first screen's code loads while the texts and /baseInfo are being fetched.
  const router = createAppRouter({ onNavigate: createVisitTracker(recordVisit, document.referrer) });
  const i18n = await loadingTexts;
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
}

/** Runs once the tree it is in has been hydrated (its effect runs after that commit); renders nothing. */
function AfterHydration({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * A page the server rendered (ADR 34): the visitor's data it rendered with seeds the query cache, the screen's
 * lazy module is loaded before the first render, and React hydrates the markup — unless this browser would
 * render something else (another language, the device notice): then it renders afresh over it. In another time
 * zone it hydrates with the server's dates, then shows the reader's (ADR 37).
 * Only after that does a signed-in member's data replace the visitor's (their likes, unlocked blocks, menu).
 */
async function startServerRendered(state: SsrState) {
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  const info = queryClient.getQueryData<Partial<SiteInfo>>(baseInfoQueryKey) ?? {};
  applySiteInfo(info);
  const wanted = chooseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), info.defaultLanguage, navigator.language);
  const notice = needsDeviceNotice(appState.get().supportAccessDevice, navigator.userAgent, document.cookie);
  const same = wanted === state.language && notice === state.deviceNotice;
  // Another time zone does not throw the markup away (ADR 37): dates are hydrated as the server wrote them, in its
  // zone, then shown in the reader's.
  const otherZone = same && Intl.DateTimeFormat().resolvedOptions().timeZone !== state.timeZone;
  if (otherZone) setDisplayTimeZone(state.timeZone);
  const language = same ? state.language : wanted;
  setCurrentLanguage(language);
  // The reader's catalogue loads beside the screen's code (the server preloads both).
  const loadingTexts = loadI18n(language);

  // The first page counts as a visit (the router's navigation hook); its screen's code loads before the first
  // render, or the router would show its fallback where the server's markup is.
  const router = createAppRouter({ onNavigate: createVisitTracker(recordVisit, document.referrer) });
  await router.ready;
  const i18n = await loadingTexts;
  connectApiEvents(api, { i18n, queryClient, navigate: (to, options) => void router.navigate(to, options) });

  // Every text renders again (the same language, announced again): dates now in the reader's zone.
  const showReaderZone = () => {
    setDisplayTimeZone(undefined);
    void i18n.changeLanguage(i18n.language);
  };
  const tree = (
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
        {otherZone ? <AfterHydration then={showReaderZone} /> : null}
      </AppProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (same) hydrateRoot(container, tree);
  else createRoot(container).render(tree);

  // The server rendered for a visitor, maybe a second ago (its renders are reused briefly): the page's data is
  // read again now, as this reader — a member's own view (menu, likes, unlocked blocks), anyone's newest comments.
  const member = api.hasSession();
  if (member) queryClient.removeQueries({ queryKey: baseInfoQueryKey });
  await bootstrap({ api, queryClient, i18n, storage: localStorage, browserLanguage: navigator.language });
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== baseInfoQueryKey[0] });
}

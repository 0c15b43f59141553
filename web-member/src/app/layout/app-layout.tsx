import { useEffect } from 'react';
import { useTranslation } from '@/lib/translator';
import { Outlet, ScrollRestoration, useMatches } from '@/lib/router';
import { useAppState } from '@/stores/app-state';
import type { RouteHandle } from '../router';
import { Footer } from './footer';
import { Header } from './header';

function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const siteTitle = useAppState((state) => state.title) || t('home.title');
  const titleKey = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    ?.handle as RouteHandle | undefined;
  const screen = titleKey?.titleKey && titleKey.titleKey !== 'home.title' ? t(titleKey.titleKey) : '';
  useEffect(() => {
    document.title = screen ? `${screen} - ${siteTitle}` : siteTitle;
  }, [screen, siteTitle]);
}

/** Skip link, header, the current screen, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration
        // Every first page load has the key "default"; keying those by URL keeps one page's position off another.
        getKey={(location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key)}
      />
    </>
  );
}

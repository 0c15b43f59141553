import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localStorageStore } from 'react-admin';
import { createHttpClient } from './api/http-client';
import { StaffSession } from './api/staff-session';
import { App } from './App';
import { createI18nProvider } from './i18n/i18n-provider';
import { createAuthProvider } from './providers/auth-provider';
import { createDataProvider } from './providers/data-provider';
import { membersApi } from './resources/members';
import { systemNotificationsApi } from './resources/notifications';
import { outboxApi } from './resources/outbox';
import { rolesApi } from './resources/roles';
import { forumResources, withForum } from './resources/forum';
import { qaResources, withQa } from './resources/qa';
import { walletResources, withWallet } from './resources/wallet';
import {
  feedbackApi,
  helpArticlesApi,
  helpCategoriesApi,
  reportsApi,
  reportTypesApi,
  visitsApi,
} from './resources/moderation';
import { auditLogApi, eventLogApi, withAudit } from './resources/audit';
import { pollsApi, withPolls } from './resources/polls';

const apiUrl = '/api';
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');
const session = new StaffSession(localStorage);
const i18nProvider = createI18nProvider(localStorage, navigator.languages ?? [navigator.language]);
const httpClient = createHttpClient({
  session,
  language: () => i18nProvider.getLocale(),
  // /baseInfo, not a service's /api/health: nginx publishes no /api/health (deploy/docker/nginx.conf), so behind it
  // a first sign-in got no `cms_token` cookie to echo and was refused (csrf.invalid).
  csrfSeedUrl: '/baseInfo',
});
// `adminLanguage` decides the language at start; react-admin's own store follows it.
const store = localStorageStore(undefined, 'forum-admin');
store.setItem('locale', i18nProvider.getLocale());
const authProvider = createAuthProvider({ apiUrl, httpClient, session });
const dataProvider = withAudit(
  withQa(
    withWallet(
      withForum(
        createDataProvider({
          apiUrl,
          httpClient,
          // The resource table: each resource's one entry (where it lives, or its own handlers), each context's
          // entries beside its screens.
          resources: {
            ...forumResources,
            members: membersApi,
            roles: rolesApi,
            outbox: outboxApi,
            systemNotifications: systemNotificationsApi,
            ...walletResources,
            ...qaResources,
            reports: reportsApi,
            reportTypes: reportTypesApi,
            helpCategories: helpCategoriesApi,
            helpArticles: helpArticlesApi,
            feedback: feedbackApi,
            visits: visitsApi,
            auditLog: auditLogApi,
            eventLog: eventLogApi,
            polls: pollsApi,
          },
        }),
        { apiUrl, httpClient },
      ),
      { apiUrl, httpClient },
    ),
    { apiUrl, httpClient },
  ),
  { apiUrl, httpClient },
);

const consoleProvider = withPolls(dataProvider, { apiUrl, httpClient });

// The router strips `/admin`; react-admin then works with paths of its own (`/`, `/topics`, `/login`).
// Without transitions, as react-admin's own routers: its logout redirect (navigate, then reset the store and the
// query cache) otherwise keeps interrupting the transition to /login, and the old page logs out again, forever.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={basename} useTransitions={false}>
      <App authProvider={authProvider} dataProvider={consoleProvider} i18nProvider={i18nProvider} store={store} />
    </BrowserRouter>
  </StrictMode>,
);

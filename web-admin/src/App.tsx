import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, useTranslate } from 'react-admin';
import type { AuthProvider, DataProvider, I18nProvider, Store } from 'react-admin';
import { mayOpen } from './api/staff-permissions';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import members from './resources/members';
import outbox from './resources/outbox';
import roles from './resources/roles';
import { forumComments, forumReplies, forumReview, forumTags, forumTopics } from './resources/forum';

// Pages load on first visit; the shell (layout, login, providers) is all the first paint needs.
const Dashboard = lazy(() => import('./dashboard/Dashboard').then(({ Dashboard }) => ({ default: Dashboard })));
const SettingsPage = lazy(() =>
  import('./settings/SettingsPage').then(({ SettingsPage }) => ({ default: SettingsPage })),
);

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  /** Where react-admin keeps UI preferences (sidebar, columns, language). */
  store: Store;
}

function AppTitle() {
  return <>{useTranslate()('app.title')}</>;
}

export function App({ authProvider, dataProvider, i18nProvider, store }: AppProps) {
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      dashboard={Dashboard}
      layout={AdminLayout}
      loginPage={LoginPage}
      title={<AppTitle />}
      requireAuth
      disableTelemetry
    >
      {(permissions: unknown) => (
        <>
          <Resource name="topics" {...forumTopics} />
          <Resource name="tags" {...forumTags} />
          <Resource name="review" {...forumReview} />
          <Resource name="comments" {...forumComments} />
          <Resource name="replies" {...forumReplies} />
          {mayOpen(permissions, 'members') && <Resource name="members" {...members} />}
          {mayOpen(permissions, 'roles') && <Resource name="roles" {...roles} />}
          <Resource name="outbox" {...outbox} />
          <CustomRoutes>
            <Route path="/settings" element={<SettingsPage />} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}

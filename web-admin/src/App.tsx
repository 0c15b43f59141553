import { lazy } from 'react';
import { Admin, Resource, useTranslate } from 'react-admin';
import type { AuthProvider, DataProvider, I18nProvider, Store } from 'react-admin';
import { AdminLayout } from './layout/AdminLayout';
import topics from './resources/topics';

// Pages load on first visit; the shell (layout, login, providers) is all the first paint needs.
const Dashboard = lazy(() => import('./dashboard/Dashboard').then(({ Dashboard }) => ({ default: Dashboard })));

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
      title={<AppTitle />}
      requireAuth
      disableTelemetry
    >
      <Resource name="topics" {...topics} />
    </Admin>
  );
}

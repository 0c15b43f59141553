import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, useTranslate } from 'react-admin';
import type { AuthProvider, DataProvider, I18nProvider, Store } from 'react-admin';
import { mayOpen } from './api/staff-permissions';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import members from './resources/members';
import notifications from './resources/notifications';
import outbox from './resources/outbox';
import roles from './resources/roles';
import { forumComments, forumReplies, forumReview, forumTags, forumTopics } from './resources/forum';
import { qaAnswerReplies, qaAnswers, qaQuestions, qaReview, qaTags } from './resources/qa';
import { balanceEntries, membershipCards, membershipOrders, platformEntries, pointsEntries } from './resources/wallet';
import {
  moderationFeedback,
  moderationHelpArticles,
  moderationHelpCategories,
  moderationReports,
  moderationReportTypes,
} from './resources/moderation';
import { auditLog, eventLog, OperationsPage } from './resources/audit';
import { polls } from './resources/polls';

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
          {mayOpen(permissions, 'content') && <Resource name="topics" {...forumTopics} />}
          {mayOpen(permissions, 'content') && <Resource name="tags" {...forumTags} />}
          {mayOpen(permissions, 'content') && <Resource name="review" {...forumReview} />}
          {mayOpen(permissions, 'content') && <Resource name="comments" {...forumComments} />}
          {mayOpen(permissions, 'content') && <Resource name="replies" {...forumReplies} />}
          {mayOpen(permissions, 'polls') && <Resource name="polls" {...polls} />}
          {mayOpen(permissions, 'content') && <Resource name="qaQuestions" {...qaQuestions} />}
          {mayOpen(permissions, 'content') && <Resource name="qaAnswers" {...qaAnswers} />}
          {mayOpen(permissions, 'content') && <Resource name="qaAnswerReplies" {...qaAnswerReplies} />}
          {mayOpen(permissions, 'content') && <Resource name="qaTags" {...qaTags} />}
          {mayOpen(permissions, 'content') && <Resource name="qaReview" {...qaReview} />}
          {mayOpen(permissions, 'members') && <Resource name="members" {...members} />}
          {mayOpen(permissions, 'roles') && <Resource name="roles" {...roles} />}
          {mayOpen(permissions, 'membershipCards') && <Resource name="membershipCards" {...membershipCards} />}
          {mayOpen(permissions, 'ledgers') && <Resource name="membershipOrders" {...membershipOrders} />}
          {mayOpen(permissions, 'ledgers') && <Resource name="balanceEntries" {...balanceEntries} />}
          {mayOpen(permissions, 'ledgers') && <Resource name="pointsEntries" {...pointsEntries} />}
          {mayOpen(permissions, 'ledgers') && <Resource name="platformEntries" {...platformEntries} />}
          {mayOpen(permissions, 'systemNotifications') && <Resource name="systemNotifications" {...notifications} />}
          {mayOpen(permissions, 'reports') && <Resource name="reports" {...moderationReports} />}
          {mayOpen(permissions, 'reports') && <Resource name="reportTypes" {...moderationReportTypes} />}
          {mayOpen(permissions, 'contentPages') && <Resource name="helpCategories" {...moderationHelpCategories} />}
          {mayOpen(permissions, 'contentPages') && <Resource name="helpArticles" {...moderationHelpArticles} />}
          {mayOpen(permissions, 'contentPages') && <Resource name="feedback" {...moderationFeedback} />}
          {mayOpen(permissions, 'audit') && <Resource name="auditLog" {...auditLog} />}
          {mayOpen(permissions, 'audit') && <Resource name="eventLog" {...eventLog} />}
          <Resource name="visits" />
          {mayOpen(permissions, 'outbox') && <Resource name="outbox" {...outbox} />}
          <CustomRoutes>
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/operations" element={<OperationsPage />} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}

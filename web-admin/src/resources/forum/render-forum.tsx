import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import { createI18nProvider } from '../../i18n/i18n-provider';
import { createDataProvider } from '../../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../../testing/fake-api';
import { staffCommentsApi, staffRepliesApi, staffTopicsApi, tagsApi, withForum } from './forum-api';

/** A forum screen over the fake API, with the console's data provider and the forum's verbs, as in main.tsx. */
export function renderForum(
  page: ReactNode,
  options: {
    resource: 'topics' | 'tags' | 'review' | 'comments' | 'replies';
    routes: Parameters<typeof fakeApi>[0];
    language?: 'en' | 'zh';
  },
) {
  const language = options.language ?? 'en';
  const api = fakeApi(options.routes);
  const { httpClient } = testClient(api, { language });
  const dataProvider = withForum(
    createDataProvider({
      apiUrl: '/api',
      httpClient,
      resources: { topics: staffTopicsApi, tags: tagsApi, comments: staffCommentsApi, replies: staffRepliesApi },
    }),
    { apiUrl: '/api', httpClient },
  );
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      <ResourceContextProvider value={options.resource}>{page}</ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
  const sent = (method: string) =>
    api.requests
      .filter((request) => request.method === method)
      .map((request) => ({ url: request.url, body: request.body ? (JSON.parse(request.body) as unknown) : undefined }));
  return { api, sent };
}

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import { createI18nProvider } from '../../i18n/i18n-provider';
import { createDataProvider } from '../../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../../testing/fake-api';
import { qaAnswersApi, qaQuestionsApi, qaRepliesApi, qaTagsApi, withQa } from './qa-api';

/** A Q&A screen over the fake API, with the console's data provider and the Q&A's verbs, as in main.tsx. */
export function renderQa(
  page: ReactNode,
  options: {
    resource: 'qaQuestions' | 'qaAnswers' | 'qaAnswerReplies' | 'qaTags';
    routes: Parameters<typeof fakeApi>[0];
    language?: 'en' | 'zh';
  },
) {
  const language = options.language ?? 'en';
  const api = fakeApi(options.routes);
  const { httpClient } = testClient(api, { language });
  const dataProvider = withQa(
    createDataProvider({
      apiUrl: '/api',
      httpClient,
      resources: {
        qaQuestions: qaQuestionsApi,
        qaAnswers: qaAnswersApi,
        qaAnswerReplies: qaRepliesApi,
        qaTags: qaTagsApi,
      },
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

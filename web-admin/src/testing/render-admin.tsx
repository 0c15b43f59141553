import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import type { DataProvider } from 'react-admin';
import type { HttpClient } from '../api/http-client';
import { createI18nProvider } from '../i18n/i18n-provider';
import { createDataProvider } from '../providers/data-provider';
import type { AdminDataProvider } from '../providers/data-provider';
import type { ResourceEntry } from '../providers/rest-resource';
import { fakeApi, memoryStorage, testClient } from './fake-api';

export interface RenderAdminOptions {
  routes?: Parameters<typeof fakeApi>[0];
  language?: 'en' | 'zh';
  resources?: Record<string, ResourceEntry>;
  /** Renders the page as this resource's (lists, forms). */
  resource?: string;
  /** Adds a module's own verbs to the data provider, as main.tsx does (`withForum`, `withQa`). */
  withVerbs?: (provider: AdminDataProvider, options: { apiUrl: string; httpClient: HttpClient }) => DataProvider;
}

/** A console page over the fake API, with the real data provider, translations and notifications. */
export function renderAdmin(page: ReactNode, options: RenderAdminOptions = {}) {
  const language = options.language ?? 'en';
  const api = fakeApi(options.routes ?? {});
  const { httpClient } = testClient(api, { language });
  const provider = createDataProvider({ apiUrl: '/api', httpClient, resources: options.resources });
  const dataProvider = options.withVerbs?.(provider, { apiUrl: '/api', httpClient }) ?? provider;
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      {options.resource ? <ResourceContextProvider value={options.resource}>{page}</ResourceContextProvider> : page}
      <Notification />
    </AdminContext>,
  );
  const sent = (method: string) =>
    api.requests
      .filter((request) => request.method === method)
      .map((request) => ({ url: request.url, body: request.body ? (JSON.parse(request.body) as unknown) : undefined }));
  return { api, sent };
}

import { createDataProvider } from '../providers/data-provider';
import type { ResourceConfig } from '../providers/rest-resource';
import { fakeApi, testClient } from './fake-api';

/** The console's composed data provider over the fake API, with numbered idempotency keys (`key-1`, `key-2`, …). */
export function providerOver(
  routes: Parameters<typeof fakeApi>[0] = {},
  options: { resources?: Record<string, ResourceConfig>; client?: Parameters<typeof testClient>[1] } = {},
) {
  const api = fakeApi(routes);
  const { httpClient } = testClient(api, options.client);
  let key = 0;
  const dataProvider = createDataProvider({
    apiUrl: '/api',
    httpClient,
    resources: options.resources,
    newIdempotencyKey: () => `key-${++key}`,
  });
  return { api, dataProvider };
}

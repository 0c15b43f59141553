import type { Identifier } from 'react-admin';
import type { HttpClient, RequestOptions } from '../api/http-client';

export interface CommandOptions {
  /** Reuse the key to retry a call safely; a fresh one is made per call otherwise. */
  idempotencyKey?: string;
}

/** What a context's part of the dataProvider calls the admin API with; paths are under the API root. */
export interface ProviderContext {
  /** `GET <apiUrl>/<path>`, answering its JSON. */
  read<T>(path: string, query?: RequestOptions['query']): Promise<T>;
  /** A command the server de-duplicates: the caller's idempotency key, or a fresh one per call. */
  command(
    path: string,
    body: unknown,
    options?: CommandOptions,
    method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  ): Promise<{ data: unknown }>;
}

export function providerContext(apiUrl: string, httpClient: HttpClient, newKey: () => string): ProviderContext {
  return {
    async read<T>(path: string, query?: RequestOptions['query']) {
      const url = `${apiUrl}/${path}`;
      return (await (query ? httpClient<T>(url, { query }) : httpClient<T>(url))).json;
    },
    async command(path, body, options = {}, method = 'POST') {
      const { json } = await httpClient(`${apiUrl}/${path}`, {
        method,
        body,
        idempotencyKey: options.idempotencyKey ?? newKey(),
      });
      return { data: json };
    },
  };
}

/** An id as one path segment. */
export const segment = (id: Identifier) => encodeURIComponent(String(id));

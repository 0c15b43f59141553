import { HttpError } from 'react-admin';
import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { HttpClient } from '../api/http-client';

/** Where a react-admin resource lives in the admin API, when that differs from `/api/<resource>`. */
export interface ResourceConfig {
  /** Path under the API root, e.g. `forum/topics`. */
  path: string;
  /** The field holding the id; defaults to `id`, then `<singular>Id` (`topics` → `topicId`). */
  idField?: string;
  /** The endpoint takes only `page` and `pageSize` (for now): `sort` and `filter` are not sent. */
  pagingOnly?: boolean;
  /**
   * The endpoint takes these filters as query parameters of their own (`?q=…&state=…`) rather than a JSON
   * `filter`, and no `sort`; other filters are not sent.
   */
  queryFilters?: readonly string[];
  /** There is no `GET <path>/:id`: one record is found in the whole list (small lists such as roles). */
  oneFromList?: boolean;
  /** The fields a create (POST) and an update (PATCH) may carry; the API's bodies are strict. */
  createFields?: readonly string[];
  updateFields?: readonly string[];
}

/** react-admin's record methods, as one resource (or the generic fallback) answers them. */
export type ResourceHandlers = Pick<
  DataProvider,
  'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'
>;

/** What a resource's own handlers work with: the API root, the client, and the REST shape over its config. */
export interface ResourceScope {
  apiUrl: string;
  httpClient: HttpClient;
  /** The REST shape over the entry's `config` (or `/api/<resource>`), for the handlers to delegate to. */
  rest: ResourceHandlers;
}

/**
 * A resource the REST shape does not fit whole (a tree read at once, a queue that needs its `kind`, a member's
 * ledger): its own handlers for the methods that differ; the REST shape over `config` answers the others.
 */
export interface CustomResource {
  config?: ResourceConfig;
  handlers(scope: ResourceScope): Partial<ResourceHandlers>;
}

/** One entry of the console's resource table. */
export type ResourceEntry = ResourceConfig | CustomResource;

/** A table entry's handlers: the REST shape, with a custom resource's own methods over it. */
export function resourceHandlers(entry: ResourceEntry | undefined, apiUrl: string, httpClient: HttpClient) {
  if (!entry || !('handlers' in entry)) return restResource(entry, apiUrl, httpClient);
  const rest = restResource(entry.config, apiUrl, httpClient);
  return { ...rest, ...entry.handlers({ apiUrl, httpClient, rest }) };
}

/** A page of a list; a few small lists (roles) come whole, as a bare array. */
type ListAnswer = { items: Record<string, unknown>[]; total: number } | Record<string, unknown>[];

/**
 * The admin API's REST shape for a resource: `GET <path>?page&pageSize…`, `GET|PATCH|DELETE <path>/:id`,
 * `POST <path>`. With no config (`given` undefined) the path is the resource's name.
 */
export function restResource(given: ResourceConfig | undefined, apiUrl: string, httpClient: HttpClient) {
  const config = (resource: string): Required<ResourceConfig> => ({
    path: given?.path ?? resource,
    idField: given?.idField ?? '',
    pagingOnly: given?.pagingOnly ?? false,
    queryFilters: given?.queryFilters ?? [],
    oneFromList: given?.oneFromList ?? false,
    createFields: given?.createFields ?? [],
    updateFields: given?.updateFields ?? [],
  });
  const url = (resource: string, id?: Identifier) =>
    `${apiUrl}/${config(resource).path}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

  const withId = <R extends RaRecord>(resource: string, row: Record<string, unknown>): R => {
    const field = config(resource).idField;
    const id = field ? row[field] : (row.id ?? row[`${singular(resource)}Id`] ?? row[`${resource}Id`] ?? row._id);
    return { ...row, id } as R;
  };

  const listQuery = (
    resource: string,
    pagination: { page: number; perPage: number } | undefined,
    sort: { field: string; order: string } | undefined,
    filter: Record<string, unknown>,
  ) => {
    const { pagingOnly, queryFilters } = config(resource);
    const paging = { page: pagination?.page ?? 1, pageSize: pagination?.perPage ?? 20 };
    if (queryFilters.length > 0) {
      const params: Record<string, string | number | undefined> = { ...paging };
      for (const name of queryFilters) {
        const value = filter[name];
        if (value !== undefined && value !== null && value !== '') params[name] = String(value);
      }
      return params;
    }
    return {
      ...paging,
      sort: !pagingOnly && sort?.field ? `${sort.field}:${sort.order.toLowerCase()}` : undefined,
      filter: !pagingOnly && Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined,
    };
  };

  const page = <R extends RaRecord>(resource: string, json: ListAnswer) => {
    const items = Array.isArray(json) ? json : json.items;
    const total = Array.isArray(json) ? json.length : json.total;
    return { data: items.map((row) => withId<R>(resource, row)), total };
  };

  const handlers: ResourceHandlers = {
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const { json } = await httpClient<ListAnswer>(url(resource), {
        query: listQuery(resource, params.pagination, params.sort, params.filter ?? {}),
      });
      return page<R>(resource, json);
    },

    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
      if (config(resource).oneFromList) {
        const { json } = await httpClient<ListAnswer>(url(resource));
        const record = page<R>(resource, json).data.find((row) => String(row.id) === String(params.id));
        if (!record) throw new HttpError('ra.notification.item_doesnt_exist', 404);
        return { data: record };
      }
      const { json } = await httpClient<Record<string, unknown>>(url(resource, params.id));
      return { data: withId<R>(resource, json) };
    },

    async getMany(resource, params) {
      const records = await Promise.all(params.ids.map((id) => handlers.getOne(resource, { id })));
      return { data: records.map(({ data }) => data) };
    },

    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      const { json } = await httpClient<ListAnswer>(url(resource), {
        query: listQuery(resource, params.pagination, params.sort, { ...params.filter, [params.target]: params.id }),
      });
      return page<R>(resource, json);
    },

    async create<R extends RaRecord>(resource: string, params: CreateParams) {
      const body = only(params.data as Record<string, unknown>, config(resource).createFields);
      const { json } = await httpClient<Record<string, unknown>>(url(resource), { method: 'POST', body });
      return { data: withId<R>(resource, { ...params.data, ...json }) };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>) {
      const { json } = await httpClient<Record<string, unknown> | undefined>(url(resource, params.id), {
        method: 'PATCH',
        body: only(params.data as Record<string, unknown>, config(resource).updateFields),
      });
      return { data: { ...params.previousData, ...params.data, ...json, id: params.id } as R };
    },

    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => httpClient(url(resource, id), { method: 'PATCH', body: params.data })));
      return { data: params.ids };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>) {
      await httpClient(url(resource, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as R };
    },

    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => httpClient(url(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  };
  return handlers;
}

/** The listed fields of `data` (all of it when none are listed). */
function only(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => fields.includes(key)));
}

function singular(resource: string): string {
  const last = resource.split('/').pop() ?? resource;
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  return last.endsWith('s') ? last.slice(0, -1) : last;
}

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
}

export interface OpsStatus {
  outboxBacklog: number;
  projectorLag: number;
  groups: { group: string; lag: number }[];
}

export interface ForumStats {
  topicsToday: number;
  topicsTotal: number;
}

export type ReportOutcome = 'successful' | 'failed';

export interface ResolveReportInput {
  outcome: ReportOutcome;
  /** Shown to the member who reported. */
  result: string;
  /** Internal note for other staff. */
  remark?: string;
}

export interface AdjustBalanceInput {
  /** Signed integer fen: positive credits, negative debits. */
  amountFen: number;
  reason: string;
}

export interface CommandOptions {
  /** Reuse the key to retry a call safely; a fresh one is made per call otherwise. */
  idempotencyKey?: string;
}

/**
 * The console's dataProvider: react-admin's generic methods over the admin API's REST shape, plus the
 * domain verbs (pin a topic, resolve a report, adjust a balance) as methods of their own, since each is a
 * command with its own meaning and permission, never a generic `update` of a record.
 */
export interface AdminDataProvider extends DataProvider {
  pinTopic(topicId: Identifier, weight: number, options?: CommandOptions): Promise<{ data: unknown }>;
  resolveReport(reportId: Identifier, input: ResolveReportInput, options?: CommandOptions): Promise<{ data: unknown }>;
  adjustBalance(memberId: Identifier, input: AdjustBalanceInput, options?: CommandOptions): Promise<{ data: unknown }>;
  opsStatus(): Promise<OpsStatus>;
  forumStats(): Promise<ForumStats>;
}

export interface DataProviderOptions {
  /** The API root, e.g. `/api`. */
  apiUrl: string;
  httpClient: HttpClient;
  resources?: Record<string, ResourceConfig>;
  newIdempotencyKey?: () => string;
}

interface ListPage {
  items: Record<string, unknown>[];
  total: number;
}

export function createDataProvider(options: DataProviderOptions): AdminDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const config = (resource: string): Required<ResourceConfig> => {
    const given = options.resources?.[resource];
    return {
      path: given?.path ?? resource,
      idField: given?.idField ?? '',
      pagingOnly: given?.pagingOnly ?? false,
    };
  };
  const url = (resource: string, id?: Identifier) =>
    `${apiUrl}/${config(resource).path}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

  const withId = <R extends RaRecord>(resource: string, row: Record<string, unknown>): R => {
    const field = config(resource).idField;
    const id = field ? row[field] : (row.id ?? row[`${singular(resource)}Id`] ?? row[`${resource}Id`]);
    return { ...row, id } as R;
  };

  const listQuery = (
    resource: string,
    pagination: { page: number; perPage: number } | undefined,
    sort: { field: string; order: string } | undefined,
    filter: Record<string, unknown>,
  ) => {
    const { pagingOnly } = config(resource);
    return {
      page: pagination?.page ?? 1,
      pageSize: pagination?.perPage ?? 20,
      sort: !pagingOnly && sort?.field ? `${sort.field}:${sort.order.toLowerCase()}` : undefined,
      filter: !pagingOnly && Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined,
    };
  };

  const command = async (path: string, body: unknown, commandOptions: CommandOptions = {}) => {
    const { json } = await httpClient(`${apiUrl}/${path}`, {
      method: 'POST',
      body,
      idempotencyKey: commandOptions.idempotencyKey ?? newKey(),
    });
    return { data: json };
  };

  const provider: AdminDataProvider = {
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const { json } = await httpClient<ListPage>(url(resource), {
        query: listQuery(resource, params.pagination, params.sort, params.filter ?? {}),
      });
      return { data: json.items.map((row) => withId<R>(resource, row)), total: json.total };
    },

    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
      const { json } = await httpClient<Record<string, unknown>>(url(resource, params.id));
      return { data: withId<R>(resource, json) };
    },

    async getMany(resource, params) {
      const records = await Promise.all(params.ids.map((id) => provider.getOne(resource, { id })));
      return { data: records.map(({ data }) => data) };
    },

    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      const { json } = await httpClient<ListPage>(url(resource), {
        query: listQuery(resource, params.pagination, params.sort, { ...params.filter, [params.target]: params.id }),
      });
      return { data: json.items.map((row) => withId<R>(resource, row)), total: json.total };
    },

    async create<R extends RaRecord>(resource: string, params: CreateParams) {
      const { json } = await httpClient<Record<string, unknown>>(url(resource), { method: 'POST', body: params.data });
      return { data: withId<R>(resource, { ...params.data, ...json }) };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>) {
      const { json } = await httpClient<Record<string, unknown> | undefined>(url(resource, params.id), {
        method: 'PATCH',
        body: params.data,
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

    pinTopic: (topicId, weight, commandOptions) =>
      command(`forum/topics/${encodeURIComponent(String(topicId))}/pin`, { weight }, commandOptions),

    resolveReport: (reportId, input, commandOptions) =>
      command(`moderation/reports/${encodeURIComponent(String(reportId))}/resolve`, input, commandOptions),

    adjustBalance: (memberId, input, commandOptions) =>
      command(`wallet/accounts/${encodeURIComponent(String(memberId))}/adjustments`, input, commandOptions),

    async opsStatus() {
      return (await httpClient<OpsStatus>(`${apiUrl}/ops/status`)).json;
    },

    async forumStats() {
      return (await httpClient<ForumStats>(`${apiUrl}/forum/stats`)).json;
    },
  };
  return provider;
}

function singular(resource: string): string {
  const last = resource.split('/').pop() ?? resource;
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  return last.endsWith('s') ? last.slice(0, -1) : last;
}

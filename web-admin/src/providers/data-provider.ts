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

export interface OpsStatus {
  outboxBacklog: number;
  projectorLag: number;
  groups: { group: string; lag: number }[];
}

/** `GET /api/identity/staff/member-stats`: members (staff aside) not cancelled, and today's (UTC) sign-ups. */
export interface MemberStats {
  membersTotal: number;
  registeredToday: number;
}

/** A row of the forum's nickname lookup (the editor's `@` suggestions). */
export interface MemberSuggestion {
  memberId: string;
  nickname: string;
  avatarUrl: string | null;
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
  /** A successful complaint may delete the reported content in the same action. */
  contentAction?: 'none' | 'delete';
}

export interface AdjustBalanceInput {
  /** Signed integer fen: positive credits, negative debits. */
  amountFen: number;
  reason: string;
}

/** `cancelled` is irreversible. */
export type MemberState = 'enabled' | 'disabled' | 'cancelled';

export interface StaffAccountInput {
  account: string;
  password: string;
  nickname?: string;
}

export interface GrantRoleInput {
  roleId: string;
  /** ISO instant the grant ends; `null` grants it for good. */
  validUntil: string | null;
}

/** `GET /api/identity/captcha`: an SVG data URI to show and the key to send back with the typed text. */
export interface Captcha {
  captchaKey: string;
  image: string;
  expiresInSeconds: number;
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
  memberStats(): Promise<MemberStats>;
  /** Members whose nickname starts with `prefix` (`GET /api/forum/members/lookup`: any signed-in account). */
  lookupMembers(prefix: string, limit?: number): Promise<MemberSuggestion[]>;
  /** The whole site settings document (moderation context). */
  siteSettings(): Promise<SiteSettingsDocument>;
  /** Top-level sections to change (a nested section is merged key by key); answers the settings after the change. */
  changeSettings(changes: Record<string, unknown>, options?: CommandOptions): Promise<SiteSettingsDocument>;
  setMemberState(memberId: Identifier, state: MemberState, options?: CommandOptions): Promise<{ data: unknown }>;
  grantRole(memberId: Identifier, input: GrantRoleInput, options?: CommandOptions): Promise<{ data: unknown }>;
  /** A staff account with no role yet (roles are granted on the member screen). */
  createStaffAccount(input: StaffAccountInput, options?: CommandOptions): Promise<{ data: unknown }>;
  revokeRole(memberId: Identifier, roleId: string, options?: CommandOptions): Promise<{ data: unknown }>;
  /** The roles granted to a member (the default role aside), each with its end and whether it has expired. */
  memberRoles(memberId: Identifier): Promise<MemberRole[]>;
  /** What anyone may see of a member (`GET /api/identity/members/:id`): a row that carries only the id names them. */
  memberProfile(memberId: Identifier): Promise<MemberProfile>;
  captcha(): Promise<Captcha>;
  /** A third-party login provider's client secret, kept by identity only (never in the settings). */
  setOAuthClientSecret(providerId: string, clientSecret: string, options?: CommandOptions): Promise<{ data: unknown }>;
  /** The AI assistant's OpenAI-compatible API key, kept by the assistant service only: set, cleared, never read. */
  setAssistantApiKey(apiKey: string, options?: CommandOptions): Promise<{ data: unknown }>;
  clearAssistantApiKey(options?: CommandOptions): Promise<{ data: unknown }>;
  assistantApiKeyState(): Promise<{ set: boolean; setAt: string | null }>;
}

export interface MemberProfile {
  id: string;
  nickname: string | null;
  cancelled: boolean;
}

export interface MemberRole {
  roleId: string;
  name: string;
  kind: 'member' | 'staff';
  validUntil: string | null;
  expired: boolean;
}

/** The settings as the server sends them; their shape is `siteSettingsSchema` in the contracts. */
export type SiteSettingsDocument = Record<string, unknown>;

export interface DataProviderOptions {
  /** The API root, e.g. `/api`. */
  apiUrl: string;
  httpClient: HttpClient;
  resources?: Record<string, ResourceConfig>;
  newIdempotencyKey?: () => string;
}

/** A page of a list; a few small lists (roles) come whole, as a bare array. */
type ListAnswer = { items: Record<string, unknown>[]; total: number } | Record<string, unknown>[];

export function createDataProvider(options: DataProviderOptions): AdminDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const config = (resource: string): Required<ResourceConfig> => {
    const given = options.resources?.[resource];
    return {
      path: given?.path ?? resource,
      idField: given?.idField ?? '',
      pagingOnly: given?.pagingOnly ?? false,
      queryFilters: given?.queryFilters ?? [],
      oneFromList: given?.oneFromList ?? false,
      createFields: given?.createFields ?? [],
      updateFields: given?.updateFields ?? [],
    };
  };
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

  const command = async (
    path: string,
    body: unknown,
    commandOptions: CommandOptions = {},
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
  ) => {
    const { json } = await httpClient(`${apiUrl}/${path}`, {
      method,
      body,
      idempotencyKey: commandOptions.idempotencyKey ?? newKey(),
    });
    return { data: json };
  };
  const segment = (id: Identifier) => encodeURIComponent(String(id));

  const provider: AdminDataProvider = {
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
      const records = await Promise.all(params.ids.map((id) => provider.getOne(resource, { id })));
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

    pinTopic: (topicId, weight, commandOptions) =>
      command(`forum/topics/${encodeURIComponent(String(topicId))}/pin`, { weight }, commandOptions),

    resolveReport: (reportId, input, commandOptions) =>
      command(`moderation/staff/reports/${encodeURIComponent(String(reportId))}/resolve`, input, commandOptions),

    adjustBalance: (memberId, input, commandOptions) =>
      command(`wallet/accounts/${encodeURIComponent(String(memberId))}/adjustments`, input, commandOptions),

    async opsStatus() {
      return (await httpClient<OpsStatus>(`${apiUrl}/ops/status`)).json;
    },

    async forumStats() {
      return (await httpClient<ForumStats>(`${apiUrl}/forum/stats`)).json;
    },

    async memberStats() {
      return (await httpClient<MemberStats>(`${apiUrl}/identity/staff/member-stats`)).json;
    },

    async lookupMembers(prefix, limit = 10) {
      return (await httpClient<MemberSuggestion[]>(`${apiUrl}/forum/members/lookup`, { query: { prefix, limit } }))
        .json;
    },

    async siteSettings() {
      return (await httpClient<SiteSettingsDocument>(`${apiUrl}/moderation/settings`)).json;
    },

    async changeSettings(changes, commandOptions) {
      const { data } = await command('moderation/settings', changes, commandOptions, 'PATCH');
      return data as SiteSettingsDocument;
    },

    setMemberState: (memberId, state, commandOptions) =>
      command(`identity/members/${segment(memberId)}/state`, { state }, commandOptions),

    grantRole: (memberId, input, commandOptions) =>
      command(`identity/members/${segment(memberId)}/roles`, input, commandOptions),

    createStaffAccount: (input, commandOptions) => command('identity/staff/accounts', input, commandOptions),

    revokeRole: (memberId, roleId, commandOptions) =>
      command(`identity/members/${segment(memberId)}/roles/${segment(roleId)}`, undefined, commandOptions, 'DELETE'),

    async memberRoles(memberId) {
      return (await httpClient<MemberRole[]>(`${apiUrl}/identity/members/${segment(memberId)}/roles`)).json;
    },

    async memberProfile(memberId) {
      return (await httpClient<MemberProfile>(`${apiUrl}/identity/members/${segment(memberId)}`)).json;
    },

    setOAuthClientSecret: (providerId, clientSecret, commandOptions) =>
      command(`identity/oauth/providers/${segment(providerId)}/secret`, { clientSecret }, commandOptions, 'PUT'),

    setAssistantApiKey: (apiKey, commandOptions) =>
      command('assistant/staff/api-key', { apiKey }, commandOptions, 'PUT'),

    clearAssistantApiKey: (commandOptions) => command('assistant/staff/api-key', undefined, commandOptions, 'DELETE'),

    async assistantApiKeyState() {
      return (await httpClient<{ set: boolean; setAt: string | null }>(`${apiUrl}/assistant/staff/api-key`)).json;
    },

    async captcha() {
      return (await httpClient<Captcha>(`${apiUrl}/identity/captcha`)).json;
    },
  };
  return provider;
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

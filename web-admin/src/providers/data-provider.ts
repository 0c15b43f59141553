import type { DataProvider } from 'react-admin';
import type { HttpClient } from '../api/http-client';
import { loginVerbs } from '../login/login-api';
import type { LoginVerbs } from '../login/login-api';
import { opsVerbs } from '../resources/audit/audit-api';
import type { OpsVerbs } from '../resources/audit/audit-api';
import { forumVerbs } from '../resources/forum/forum-api';
import type { ForumVerbs } from '../resources/forum/forum-api';
import { memberVerbs } from '../resources/members/members-api';
import type { MemberVerbs } from '../resources/members/members-api';
import { reportVerbs } from '../resources/moderation/moderation-api';
import type { ReportVerbs } from '../resources/moderation/moderation-api';
import { balanceVerbs } from '../resources/wallet/wallet-api';
import type { BalanceVerbs } from '../resources/wallet/wallet-api';
import { settingsVerbs } from '../settings/settings-api';
import type { SettingsVerbs } from '../settings/settings-api';
import { providerContext } from './provider-context';
import { resourceHandlers } from './rest-resource';
import type { ResourceEntry, ResourceHandlers } from './rest-resource';

/**
 * The console's dataProvider: react-admin's generic methods over the admin API's REST shape, plus the
 * domain verbs (pin a topic, resolve a report, adjust a balance) as methods of their own, since each is a
 * command with its own meaning and permission, never a generic `update` of a record. Each context's verbs live
 * beside its screens (`resources/<context>/<context>-api.ts`, `settings/`, `login/`); this file only composes them.
 */
export interface AdminDataProvider
  extends DataProvider, ForumVerbs, ReportVerbs, BalanceVerbs, OpsVerbs, MemberVerbs, SettingsVerbs, LoginVerbs {}

export interface DataProviderOptions {
  /** The API root, e.g. `/api`. */
  apiUrl: string;
  httpClient: HttpClient;
  /** The resource table: where each resource lives, or its own handlers (`CustomResource`). */
  resources?: Record<string, ResourceEntry>;
  newIdempotencyKey?: () => string;
}

export function createDataProvider(options: DataProviderOptions): AdminDataProvider {
  const { apiUrl, httpClient } = options;
  const context = providerContext(apiUrl, httpClient, options.newIdempotencyKey ?? (() => crypto.randomUUID()));
  // Each listed resource's handlers; any other resource is `/api/<resource>` in the same REST shape.
  const handlers = new Map<string, ResourceHandlers>(
    Object.entries(options.resources ?? {}).map(([name, entry]) => [name, resourceHandlers(entry, apiUrl, httpClient)]),
  );
  const fallback = resourceHandlers(undefined, apiUrl, httpClient);
  const of = (resource: string) => handlers.get(resource) ?? fallback;

  return {
    getList: (resource, params) => of(resource).getList(resource, params),
    getOne: (resource, params) => of(resource).getOne(resource, params),
    getMany: (resource, params) => of(resource).getMany(resource, params),
    getManyReference: (resource, params) => of(resource).getManyReference(resource, params),
    create: (resource, params) => of(resource).create(resource, params),
    update: (resource, params) => of(resource).update(resource, params),
    updateMany: (resource, params) => of(resource).updateMany(resource, params),
    delete: (resource, params) => of(resource).delete(resource, params),
    deleteMany: (resource, params) => of(resource).deleteMany(resource, params),
    ...forumVerbs(context),
    ...reportVerbs(context),
    ...balanceVerbs(context),
    ...opsVerbs(context),
    ...memberVerbs(context),
    ...settingsVerbs(context),
    ...loginVerbs(context),
  };
}

import type { DataProvider } from 'react-admin';
import type { HttpClient } from '../../api/http-client';
import type { ProviderContext } from '../../providers/provider-context';
import type { ResourceConfig } from '../../providers/rest-resource';

export interface OpsStatus {
  outboxBacklog: number;
  projectorLag: number;
  groups: { group: string; lag: number }[];
}

/** The pipeline's status (the dashboard's and the operations page's), part of every console provider. */
export interface OpsVerbs {
  opsStatus(): Promise<OpsStatus>;
}

export function opsVerbs({ read }: ProviderContext): OpsVerbs {
  return { opsStatus: () => read<OpsStatus>('ops/status') };
}

/** `GET /api/moderation/staff/audit-log?page&pageSize&sort&filter`: every staff action, sorted and filtered by the server. */
export const auditLogApi: ResourceConfig = { path: 'moderation/staff/audit-log', idField: 'id' };

/** `GET /api/moderation/staff/events`: the event store, read-only; `GET …/events/:id` shows one event. */
export const eventLogApi: ResourceConfig = { path: 'moderation/staff/events', idField: 'id' };

export interface StaffJob {
  id: string;
  kind: 'rebuild' | 'ledgerAudit';
  status: 'running' | 'succeeded' | 'failed';
  /** 0–100, from the job's real position. */
  progress: number;
  step: string;
  startedAt: string;
  finishedAt: string | null;
  projections: string[];
  result:
    | { rebuilt: { context: string; name: string; events: number; commits: number; elapsedMs: number }[] }
    | {
        audit: {
          ok: boolean;
          wallets: number;
          events: number;
          differences: { walletId: string; problem: string; detail: string }[];
        };
      }
    | null;
  error: string | null;
}

export interface ProjectionName {
  context: string;
  name: string;
}

export interface EventTypes {
  contexts: string[];
  types: { type: string; context: string }[];
}

export interface AuditDataProvider {
  projections(): Promise<ProjectionName[]>;
  eventTypes(): Promise<EventTypes>;
  startRebuild(projections: string[]): Promise<StaffJob>;
  startLedgerAudit(): Promise<StaffJob>;
  job(id: string): Promise<StaffJob>;
}

/** Adds the operations jobs (rebuild, ledger audit) and the filters' choices to the console's dataProvider. */
export function withAudit<P extends DataProvider>(
  provider: P,
  options: { apiUrl: string; httpClient: HttpClient },
): P & AuditDataProvider {
  const { apiUrl, httpClient } = options;
  const base = `${apiUrl}/moderation/staff`;
  return {
    ...provider,
    async projections() {
      return (await httpClient<ProjectionName[]>(`${base}/projections`)).json;
    },
    async eventTypes() {
      return (await httpClient<EventTypes>(`${base}/event-types`)).json;
    },
    async startRebuild(projections) {
      return (await httpClient<StaffJob>(`${base}/jobs/rebuild`, { method: 'POST', body: { projections } })).json;
    },
    async startLedgerAudit() {
      return (await httpClient<StaffJob>(`${base}/jobs/ledger-audit`, { method: 'POST', body: {} })).json;
    },
    async job(id) {
      return (await httpClient<StaffJob>(`${base}/jobs/${encodeURIComponent(id)}`)).json;
    },
  };
}

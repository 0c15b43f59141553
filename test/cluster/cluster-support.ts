import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TokenService } from '@forum/platform';
import { startForum } from '@forum/testing';
import type { ForumFixture, TestResponse } from '@forum/testing';
import { WalletModule } from '../../services/wallet/src/wallet.module';
import { HttpApiClient } from '../fault/child-service';
import { FAULT_ENV } from '../fault/fault-support';
import { CLUSTER_ENV, CLUSTER_JWT_SECRET } from './cluster-env';
import type { ClusterReplica } from './cluster-env';

export const clusterUrl = (): string => process.env[CLUSTER_ENV.url]!;

export function clusterReplicas(context?: string): (ClusterReplica & { name: string; url: string })[] {
  const all = JSON.parse(process.env[CLUSTER_ENV.replicas] ?? '[]') as ClusterReplica[];
  return all
    .filter((r) => !context || r.context === context)
    .map((r) => ({ ...r, name: `${r.context}-${r.replica}`, url: `http://127.0.0.1:${r.port}` }));
}

/** The process id of a replica's current process (the launcher writes pids.json at every start). */
export function replicaPid(name: string): number {
  const pids = JSON.parse(readFileSync(path.join(process.env[CLUSTER_ENV.dataDir]!, 'pids.json'), 'utf8')) as Record<
    string,
    number
  >;
  return pids[name]!;
}

export interface ClusterFixture {
  /**
   * A helper app in the spec's process on the cluster's databases and topics (identity, moderation, forum,
   * wallet; RUN_WORKERS=false: it projects nothing, the cluster does): accounts, funds, direct reads, audits.
   */
  f: ForumFixture;
  /** Requests through nginx, as the member site sends them. */
  nginx: HttpApiClient;
  /** Requests to one replica, bypassing nginx (`forum-2`). */
  replica(name: string): HttpApiClient;
  /**
   * One request with what the plain clients do not send: headers of its own (an `Idempotency-Key`) or a form body
   * (a payment gateway's notify, no session). To one replica (`wallet-2`), or through nginx (`null`).
   */
  send<T = unknown>(route: string | null, request: ClusterRequest): Promise<TestResponse<T>>;
}

export interface ClusterRequest {
  method?: string;
  url: string;
  /** Signed in as this member (the member site's CSRF pair too); anonymous without. */
  as?: string;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function startClusterFixture(): Promise<ClusterFixture> {
  const f = await startForum(
    [WalletModule],
    {
      env: {
        ...FAULT_ENV,
        // The cluster's names, not a fresh prefix per test app.
        MONGO_DB_PREFIX: process.env[CLUSTER_ENV.dbPrefix]!,
        KAFKA_TOPIC_PREFIX: process.env[CLUSTER_ENV.topicPrefix]!,
        JWT_SECRET: CLUSTER_JWT_SECRET,
        RUN_WORKERS: 'false',
      },
    },
    // Every spec file has a fixture of its own on the one cluster: each its own staff account.
    `staff_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  );
  const tokens = f.t.app.get(TokenService);
  const byName = new Map(clusterReplicas().map((r) => [r.name, r.url]));
  return {
    f,
    nginx: new HttpApiClient(clusterUrl, tokens),
    replica(name) {
      const url = byName.get(name);
      if (!url) throw new Error(`no replica ${name}`);
      return new HttpApiClient(() => url, tokens);
    },
    async send<T>(route: string | null, request: ClusterRequest) {
      const base = route === null ? clusterUrl() : byName.get(route);
      if (!base) throw new Error(`no replica ${route}`);
      const headers: Record<string, string> = { 'accept-language': 'en-US', ...request.headers };
      if (request.as) {
        const csrf = 'csrf-test-token-0123456789';
        Object.assign(headers, {
          'x-requested-with': 'XMLHttpRequest',
          cookie: `cms_token=${csrf}`,
          'bbs-xsrf-token': csrf,
        });
        const access = tokens.issueAccessToken({ sub: request.as, kind: 'member' });
        headers.authorization = `Bearer ${access},refresh-not-used-here`;
      }
      let body: string | undefined;
      if (request.json) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      }
      const response = await fetch(`${base}${request.url}`, {
        method: request.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const parsed: unknown =
        (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
      return { status: response.status, body: parsed as T, headers: Object.fromEntries(response.headers) };
    },
  };
}

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '@forum/local-infra';
import { loadConfig, TokenService } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { testInfra, uniqueName } from '@forum/testing';
import type { TestResponse } from '@forum/testing';

const SUPPORT = path.join(repoRoot(), 'test', 'fault', 'support');

/** The shape of `TestClient` the traffic needs, so it can call an in-process app or a service over HTTP. */
export interface ApiClient {
  as(memberId: string, kind?: 'member' | 'staff'): ApiClient;
  get<T = unknown>(url: string): Promise<TestResponse<T>>;
  post<T = unknown>(url: string, body?: Record<string, unknown>): Promise<TestResponse<T>>;
}

/** Calls a service process over HTTP as the member site does (CSRF pair, Bearer token signed with the secret). */
export class HttpApiClient implements ApiClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly tokens: TokenService,
    private readonly actor?: { memberId: string; kind: 'member' | 'staff' },
  ) {}

  as(memberId: string, kind: 'member' | 'staff' = 'member'): HttpApiClient {
    return new HttpApiClient(this.baseUrl, this.tokens, { memberId, kind });
  }

  get<T = unknown>(url: string): Promise<TestResponse<T>> {
    return this.request<T>('GET', url);
  }

  post<T = unknown>(url: string, body?: Record<string, unknown>): Promise<TestResponse<T>> {
    return this.request<T>('POST', url, body);
  }

  async request<T>(method: string, url: string, body?: Record<string, unknown>): Promise<TestResponse<T>> {
    const csrf = 'csrf-test-token-0123456789';
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'en-US',
      cookie: `cms_token=${csrf}`,
      'bbs-xsrf-token': csrf,
    };
    if (this.actor) {
      const access = this.tokens.issueAccessToken({ sub: this.actor.memberId, kind: this.actor.kind });
      headers.authorization = `Bearer ${access},refresh-not-used-here`;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl()}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const parsed: unknown =
      (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, headers: Object.fromEntries(response.headers) };
  }
}

/**
 * The configuration of a fresh set of databases and topics on the suite's infrastructure, as `startTestApp` makes
 * it: for a service process started before the test's own app, which then joins it with `sharedEnv(config)`.
 */
export function faultConfig(): AppConfig {
  const infra = testInfra();
  return loadConfig({
    NODE_ENV: 'test',
    SERVICE_NAME: 'test',
    MONGO_URL: infra.mongoUrl,
    MONGO_DB_PREFIX: `${uniqueName('t')}_`,
    KAFKA_BROKERS: infra.brokers,
    KAFKA_TOPIC_PREFIX: `${uniqueName('t')}.`,
    KAFKA_PARTITIONS: '3',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  });
}

export interface ServiceProcess {
  url: string;
  client: HttpApiClient;
  /** SIGKILL: no shutdown hook runs, in-flight requests and commands are cut where they are. */
  kill(): Promise<void>;
  /** Starts it again with the same configuration (and port). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs identity, moderation, forum and wallet as a service process (`test/fault/support/fault-service.ts`,
 * compiled on the fly) with the given app's configuration (same databases, topics, secret), optionally with its
 * clock off by `clockOffsetMs`. Resolves when it listens.
 */
export async function startServiceProcess(
  config: AppConfig,
  options: { clockOffsetMs?: number; env?: Record<string, string>; name?: string } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const logFile = path.join(tmpdir(), `fault-${options.name ?? 'service'}-${port}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_OPTIONS: '',
    NODE_ENV: 'test',
    SERVICE_NAME: config.SERVICE_NAME,
    HOST: '127.0.0.1',
    PORT: String(port),
    MONGO_URL: config.MONGO_URL,
    MONGO_DB_PREFIX: config.MONGO_DB_PREFIX,
    KAFKA_BROKERS: config.KAFKA_BROKERS.join(','),
    KAFKA_TOPIC_PREFIX: config.KAFKA_TOPIC_PREFIX,
    KAFKA_PARTITIONS: String(config.KAFKA_PARTITIONS),
    KAFKA_FETCH_WAIT_MS: String(config.KAFKA_FETCH_WAIT_MS),
    JWT_SECRET: config.JWT_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000',
    READ_YOUR_WRITES_TIMEOUT_MS: '5000',
    FAULT_CLOCK_OFFSET_MS: String(options.clockOffsetMs ?? 0),
    ...options.env,
  };
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const launch = async () => {
    const proc = spawn(
      process.execPath,
      [
        '-r',
        path.join(SUPPORT, 'skew-clock.cjs'),
        '-r',
        path.join(SUPPORT, 'register-ts.cjs'),
        path.join(SUPPORT, 'fault-service.ts'),
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    proc.stderr!.pipe(log, { end: false });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`service process not listening after 180 s; see ${logFile}`)),
        180_000,
      );
      let seen = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        log.write(chunk);
        seen += chunk.toString();
        if (seen.includes('FAULT-SERVICE-READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`service process exited (${code}) before listening; see ${logFile}`));
      });
    });
  };
  await launch();
  const url = `http://127.0.0.1:${port}`;
  const signal = async (name: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url,
    client: new HttpApiClient(() => url, new TokenService(config)),
    kill: () => signal('SIGKILL'),
    restart: launch,
    async stop() {
      await signal('SIGTERM');
      log.end();
    },
  };
}

import { z } from 'zod';
import type { KafkaSettings } from '@forum/event-bus';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SERVICE_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
    .default('all-in-one'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  MONGO_URL: z
    .string({ error: 'required: a mongodb:// connection string' })
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb://'),
  MONGO_DB_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'lower-case letters, digits and underscores')
    .default('bbs_'),
  KAFKA_BROKERS: z
    .string({ error: 'required: comma-separated host:port list' })
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'each broker must be host:port')).min(1)),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/)
    .default(''),
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(128).default(3),
  /**
   * The broker's hold on an idle consumer's fetch (new events are answered at once whatever it is). With about a
   * hundred consumers in the all-in-one, 100 ms kept an idle process at 17 % of a core; 2 s at a few per cent.
   * Stopping a consumer waits up to this long, so tests use a short one.
   */
  KAFKA_FETCH_WAIT_MS: z.coerce.number().int().min(10).max(10_000).default(2000),
  JWT_SECRET: z.string({ error: 'required: at least 32 random characters' }).min(32, 'at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
  /**
   * How often a process reads the recent revocations another replica may have applied (ADR 26); 0: never. The
   * all-in-one sets 0: one process writes and applies every revocation itself, and each read is a scan on the
   * embedded MongoDB-wire server (issue 18's idle figure).
   */
  ACCESS_REVOCATION_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: flag.default(true),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(600),
  /**
   * Where the rate limits count (ADR 50): `shared`, in MongoDB, so replicas count once together; `process`, in this
   * process's memory, exact only where one process serves everything — the all-in-one sets it (no round trip per write).
   */
  RATE_LIMIT_STORE: z.enum(['shared', 'process']).default('shared'),
  TRUST_PROXY: flag.default(false),
  /**
   * Who may read `/api/metrics` besides a client on this machine (a loopback connection without proxy headers):
   * a scraper sending `Authorization: Bearer <METRICS_TOKEN>`. Unset: nobody else (docs/operations.md §3).
   */
  METRICS_TOKEN: z
    .union([z.literal(''), z.string().min(16, 'at least 16 characters')])
    .optional()
    .transform((value) => value || undefined),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** The local-disk file storage's root (uploads); shared by every service in the distributed deployment. */
  FILE_STORAGE_DIR: z.string().min(1).default('.data/files'),
  /** The TCP port this process answers peer commands on (`@nestjs/microservices`, ADR 0040); unset: only over HTTP. */
  PEER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Where the other contexts' services answer peer commands (distributed mode only, ADR 0040):
   * `wallet=tcp://wallet:3100,…` (the `@nestjs/microservices` TCP transport, `PEER_PORT` of that service) or
   * `wallet=http://wallet:3000` (its HTTP port). Several replicas of one context: their addresses joined by `|`
   * (`wallet=tcp://w1:3100|tcp://w2:3100`), taken in turn, the next one tried when one cannot be reached. A context
   * hosted in this process is called directly and needs no entry.
   */
  PEER_URLS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const urls: Record<string, string[]> = {};
      for (const pair of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [context, ...rest] = pair.split('=');
        const addresses = rest
          .join('=')
          .split('|')
          .map((address) => /^((?:https?:\/\/[^\s|]+?)|(?:tcp:\/\/[^/\s:|]+:\d{1,5}))\/?$/.exec(address.trim())?.[1]);
        if (!/^[a-z]+$/.test(context ?? '') || addresses.length === 0 || addresses.some((address) => !address)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${pair}" is not context=http(s)://host:port or context=tcp://host:port (replicas joined by |)`,
          });
          continue;
        }
        urls[context!] = addresses as string[];
      }
      return urls;
    }),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads configuration from environment variables only; every problem is reported at once, by variable name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}

/** An injection token: Nest cannot inject a type alias. */
export const APP_CONFIG = Symbol('AppConfig');

export function kafkaSettings(config: AppConfig): KafkaSettings {
  return {
    brokers: config.KAFKA_BROKERS,
    clientId: config.SERVICE_NAME,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    partitions: config.KAFKA_PARTITIONS,
    fetchWaitMs: config.KAFKA_FETCH_WAIT_MS,
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { createSigner, createVerifier } from 'fast-jwt';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import type { ErrorCode } from '@forum/contracts';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';

/** `<context>.<command>`, e.g. `wallet.transfer`: the context that owns the command answers it. */
export type PeerCommandName = `${string}.${string}`;

export type PeerCommandHandler<I = unknown, O = unknown> = (input: I, meta: CommandMetadata) => Promise<O>;

/** What crosses the wire: the command's metadata with its time as text. */
interface WireMeta extends Omit<CommandMetadata, 'now'> {
  now: string;
}

export type PeerAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: ErrorCode; params?: Record<string, string | number>; fieldErrors?: unknown } };

const PEER_AUDIENCE = 'forum-peer';

/**
 * Synchronous commands one context asks of another (docs/architecture.md: the member's request returns the real
 * outcome of a money move). The owning context registers a handler under `<context>.<command>`; a caller
 * executes it by name. When the owner runs in this process (the all-in-one app, tests), the handler is called
 * directly; otherwise the command goes over HTTP to the owner's service (`PEER_URLS`), authenticated by a
 * short-lived token signed with the shared `JWT_SECRET`, and a refusal comes back as the same `DomainError`.
 * Handlers must be idempotent on the operation ids in their input: a caller may retry after a timeout.
 */
@Injectable()
export class PeerCommands {
  private readonly handlers = new Map<string, PeerCommandHandler>();
  private readonly sign: (claims: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.sign = createSigner({ key: config.JWT_SECRET, algorithm: 'HS256', expiresIn: 60_000, aud: PEER_AUDIENCE });
    this.verify = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'], allowedAud: PEER_AUDIENCE });
  }

  register<I, O>(name: PeerCommandName, handler: PeerCommandHandler<I, O>): void {
    if (this.handlers.has(name)) throw new Error(`peer command ${name} registered twice`);
    this.handlers.set(name, handler as PeerCommandHandler);
  }

  async execute<O>(name: PeerCommandName, input: unknown, meta: CommandMetadata): Promise<O> {
    const local = this.handlers.get(name);
    // A JSON round trip even in process, so a handler never depends on what only survives in memory.
    if (local) return (await local(JSON.parse(JSON.stringify(input ?? null)), meta)) as O;
    const [context, command] = name.split('.') as [string, string];
    const base = this.config.PEER_URLS[context];
    if (!base)
      throw new Error(
        `peer command ${name}: context ${context} is not in this process and PEER_URLS has no url for it`,
      );
    const wire: WireMeta = { ...meta, now: meta.now.toISOString() };
    const response = await fetch(`${base}/api/${context}/peer/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-peer-token': this.sign({ sub: this.config.SERVICE_NAME }) },
      body: JSON.stringify({ input, meta: wire }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`peer command ${name}: HTTP ${response.status}`);
    const answer = (await response.json()) as PeerAnswer;
    if (answer.ok) return answer.result as O;
    const { code, params, fieldErrors } = answer.error;
    throw new DomainError(code, params ?? {}, fieldErrors as DomainError['fieldErrors']);
  }

  /** Runs a command that arrived over HTTP (the peer controller); a domain refusal travels back as data. */
  async answer(context: string, command: string, token: string | undefined, body: unknown): Promise<PeerAnswer> {
    try {
      this.verify(token ?? '');
    } catch {
      throw new DomainError('auth.unauthorized');
    }
    const handler = this.handlers.get(`${context}.${command}`);
    if (!handler) throw new DomainError('common.not_found');
    const { input, meta } = (body ?? {}) as { input?: unknown; meta?: WireMeta };
    if (!meta || typeof meta.now !== 'string' || !meta.actor) throw new DomainError('common.validation_failed');
    try {
      return { ok: true, result: (await handler(input, { ...meta, now: new Date(meta.now) })) ?? null };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { ok: false, error: { code: error.code, params: error.params, fieldErrors: error.fieldErrors } };
    }
  }
}

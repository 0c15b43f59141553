import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import type { ClientProxy } from '@nestjs/microservices';
import { createSigner, createVerifier } from 'fast-jwt';
import { firstValueFrom, timeout } from 'rxjs';
import type {
  CommandMetadata,
  ErrorCode,
  PeerCommand,
  PeerCommandAnswer,
  PeerCommandInput,
  PeerCommandParsedInput,
} from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';

export type { PeerCommandName } from '@forum/contracts';

export type PeerCommandHandler<C extends PeerCommand = PeerCommand> = (
  input: PeerCommandParsedInput<C>,
  meta: CommandMetadata,
) => Promise<PeerCommandAnswer<C>>;

/** What crosses the wire: the command's metadata with its time as text. */
export interface WireMeta extends Omit<CommandMetadata, 'now'> {
  now: string;
}

/** A peer command as it travels to another process (either transport). */
export interface PeerRequest {
  name: string;
  token: string;
  input: unknown;
  meta: WireMeta;
}

export type PeerAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: ErrorCode; params?: Record<string, string | number>; fieldErrors?: unknown } };

/** The `@nestjs/microservices` message pattern peer commands travel under over TCP. */
export const PEER_PATTERN = 'forum.peer';
const PEER_AUDIENCE = 'forum-peer';
const DEFAULT_TIMEOUT_MS = 15_000;

/** A transport-level failure (not reachable, refused, timed out): retryable, the handlers being idempotent. */
function unreachable(name: string, cause: unknown): DomainError {
  const error = new DomainError('common.peer_unavailable', { command: name });
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/**
 * Synchronous commands one context asks of another (ADR 0040; docs/architecture.md: the member's request returns the
 * real outcome of a money move). Each command is defined once in `libs/contracts` (`definePeerCommand`); the owning
 * context registers a handler for it, a caller executes it. The input is validated where the handler runs
 * (`common.validation_failed`), the answer where the caller gets it (`common.peer_answer_malformed`).
 *
 * When the owner runs in this process (the all-in-one app, tests), the handler is called directly. Otherwise the
 * command goes to the owner's service named in `PEER_URLS`: over the `@nestjs/microservices` TCP transport
 * (`tcp://host:PEER_PORT`) or over HTTP (`http://host:PORT`, the peer controller), authenticated by a short-lived
 * token signed with the shared `JWT_SECRET`. A refusal comes back as the same `DomainError` (code, params, field
 * errors); a peer that cannot be reached is `common.peer_unavailable` (503, retryable).
 * Handlers must be idempotent on the operation ids in their input: a caller may retry after a timeout.
 */
@Injectable()
export class PeerCommands implements OnApplicationShutdown {
  private readonly logger = new Logger(PeerCommands.name);
  private readonly handlers = new Map<string, { command: PeerCommand; handler: PeerCommandHandler }>();
  /** One TCP client per replica's address. */
  private readonly clients = new Map<string, ClientProxy>();
  /** Per context: which of its replicas the next command goes to first. */
  private readonly turn = new Map<string, number>();
  private readonly sign: (claims: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.sign = createSigner({ key: config.JWT_SECRET, algorithm: 'HS256', expiresIn: 60_000, aud: PEER_AUDIENCE });
    this.verify = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'], allowedAud: PEER_AUDIENCE });
  }

  register<C extends PeerCommand>(command: C, handler: PeerCommandHandler<C>): void {
    if (this.handlers.has(command.name)) throw new Error(`peer command ${command.name} registered twice`);
    this.handlers.set(command.name, { command, handler: handler as PeerCommandHandler });
  }

  async execute<C extends PeerCommand>(
    command: C,
    input: PeerCommandInput<C>,
    meta: CommandMetadata,
  ): Promise<PeerCommandAnswer<C>> {
    const local = this.handlers.get(command.name);
    // A JSON round trip even in process, so a handler never depends on what only survives in memory.
    const answer = local
      ? JSON.parse(JSON.stringify((await this.run(local, JSON.parse(JSON.stringify(input ?? null)), meta)) ?? null))
      : await this.remote(command, input, meta);
    const parsed = command.answer.safeParse(answer);
    if (!parsed.success) {
      this.logger.error({ command: command.name, issues: parsed.error.issues }, 'peer command answer malformed');
      throw new DomainError('common.peer_answer_malformed', { command: command.name });
    }
    return parsed.data as PeerCommandAnswer<C>;
  }

  /** Runs a command that arrived from another process (HTTP or TCP); a domain refusal travels back as data. */
  async answer(name: string, token: string | undefined, body: unknown): Promise<PeerAnswer> {
    try {
      this.verify(token ?? '');
    } catch {
      throw new DomainError('auth.unauthorized');
    }
    const local = this.handlers.get(name);
    if (!local) throw new DomainError('common.not_found');
    const { input, meta } = (body ?? {}) as { input?: unknown; meta?: WireMeta };
    if (!meta || typeof meta.now !== 'string' || !meta.actor) throw new DomainError('common.validation_failed');
    try {
      return { ok: true, result: (await this.run(local, input, { ...meta, now: new Date(meta.now) })) ?? null };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { ok: false, error: { code: error.code, params: error.params, fieldErrors: error.fieldErrors } };
    }
  }

  onApplicationShutdown(): void {
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
  }

  private async run(
    { command, handler }: { command: PeerCommand; handler: PeerCommandHandler },
    input: unknown,
    meta: CommandMetadata,
  ): Promise<unknown> {
    const parsed = command.input.safeParse(input);
    if (!parsed.success) throw new DomainError('common.validation_failed');
    return handler(parsed.data, meta);
  }

  private async remote(command: PeerCommand, input: unknown, meta: CommandMetadata): Promise<unknown> {
    const { name } = command;
    const context = name.slice(0, name.indexOf('.'));
    const bases = this.config.PEER_URLS[context];
    if (!bases)
      throw new Error(
        `peer command ${name}: context ${context} is not in this process and PEER_URLS has no url for it`,
      );
    const request: PeerRequest = {
      name,
      token: this.sign({ sub: this.config.SERVICE_NAME }),
      input,
      meta: { ...meta, now: meta.now.toISOString() },
    };
    const timeoutMs = command.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const answer = await this.toAReplica(context, bases, request, timeoutMs);
    if (answer.ok) return answer.result;
    const { code, params, fieldErrors } = answer.error;
    throw new DomainError(code, params ?? {}, fieldErrors as DomainError['fieldErrors']);
  }

  /**
   * The context's replicas in turn, from the one after the last used; one that cannot be reached (or broke the
   * connection) passes the command to the next. Handlers are idempotent on their operation ids, so a command that
   * may have run on a replica that then failed is safe to send again.
   */
  private async toAReplica(
    context: string,
    bases: string[],
    request: PeerRequest,
    timeoutMs: number,
  ): Promise<PeerAnswer> {
    const first = this.turn.get(context) ?? 0;
    this.turn.set(context, (first + 1) % bases.length);
    let failure: unknown;
    for (let i = 0; i < bases.length; i++) {
      const base = bases[(first + i) % bases.length]!;
      try {
        return base.startsWith('tcp://')
          ? await this.overTcp(base, request, timeoutMs)
          : await this.overHttp(context, base, request, timeoutMs);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'common.peer_unavailable')) throw error;
        failure = error;
      }
    }
    throw failure;
  }

  private async overHttp(context: string, base: string, request: PeerRequest, timeoutMs: number): Promise<PeerAnswer> {
    const command = request.name.slice(context.length + 1);
    let response: Response;
    try {
      response = await fetch(`${base}/api/${context}/peer/${command}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-peer-token': request.token },
        body: JSON.stringify({ input: request.input, meta: request.meta }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(request.name, error);
    }
    if (response.status === 502 || response.status === 503 || response.status === 504)
      throw unreachable(request.name, new Error(`HTTP ${response.status}`));
    if (!response.ok) throw new Error(`peer command ${request.name}: HTTP ${response.status}`);
    return (await response.json()) as PeerAnswer;
  }

  private async overTcp(base: string, request: PeerRequest, timeoutMs: number): Promise<PeerAnswer> {
    const client = this.tcpClient(base);
    try {
      return await firstValueFrom(client.send<PeerAnswer, PeerRequest>(PEER_PATTERN, request).pipe(timeout(timeoutMs)));
    } catch (error) {
      // An error the peer answered on purpose (its token check, an unknown command) is not a transport failure.
      if (isPeerRejection(error)) throw new Error(`peer command ${request.name}: ${error.message}`, { cause: error });
      // Not reachable, or the connection broke: a fresh connection next time.
      this.clients.delete(base);
      client.close();
      throw unreachable(request.name, error);
    }
  }

  private tcpClient(base: string): ClientProxy {
    let client = this.clients.get(base);
    if (!client) {
      const url = new URL(base);
      client = ClientProxyFactory.create({
        transport: Transport.TCP,
        options: { host: url.hostname, port: Number(url.port) },
      });
      this.clients.set(base, client);
    }
    return client;
  }
}

/** What the TCP side throws for a request it will not run (see `PeerMessageController`). */
export const PEER_REJECTED = 'peer_rejected';

function isPeerRejection(error: unknown): error is { message: string } {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === PEER_REJECTED;
}

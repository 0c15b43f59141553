import { createHash } from 'node:crypto';
import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Actor, CommandMetadata } from '@forum/contracts';

export const IS_PUBLIC = 'forum:public';
export const SKIP_CSRF = 'forum:skip-csrf';
export const RATE_LIMIT = 'forum:rate-limit';
export const STAFF_ONLY = 'forum:staff-only';

/**
 * Opens a route to visitors; the auth guard still identifies a caller who sends a valid token. Marked `x-public`
 * in the OpenAPI document so the security suite can check every other route refuses visitors.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** Staff accounts only (fine-grained staff permissions come with the moderation console). */
export const StaffOnly = () => applyDecorators(SetMetadata(STAFF_ONLY, true), ApiExtension('x-staff-only', true));

/** For server-to-server callbacks (payment notifications) that carry their own signature instead. */
export const SkipCsrf = () => applyDecorators(SetMetadata(SKIP_CSRF, true), ApiExtension('x-skip-csrf', true));

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** Count per client address, per member (falls back to address for visitors), or both. */
  by?: 'ip' | 'member';
}

/** Overrides the default write limit of a route (or sets one on a read). */
export const RateLimit = (...rules: RateLimitRule[]) => SetMetadata(RATE_LIMIT, rules);

export const CurrentActor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest<FastifyRequest>().actor,
);

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * The command metadata of this request: actor, time, correlation id, and the client's `Idempotency-Key`
 * scoped to the actor so two members can never collide.
 */
export const CommandMeta = createParamDecorator((_: unknown, ctx: ExecutionContext): CommandMetadata => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const key = request.headers['idempotency-key'];
  const scopedKey =
    typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? `${request.actor.id ?? request.ip}:${key}` : undefined;
  return {
    actor: request.actor,
    now: new Date(),
    correlationId: String(request.id),
    causationId: null,
    ...(scopedKey
      ? { idempotencyKey: scopedKey, request: { idempotencyKey: scopedKey, fingerprint: fingerprintOf(request) } }
      : {}),
  };
});

/**
 * What makes two requests "the same" for an `Idempotency-Key`: method, path (with its parameters), query and body,
 * objects with their keys sorted so the order a client serialises them in does not matter.
 */
export function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'query' | 'body'>): string {
  const path = request.url.split('?')[0];
  const text = canonicalJson([request.method.toUpperCase(), path, request.query ?? null, request.body ?? null]);
  return createHash('sha256').update(text).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The caller's login session id (from its access token), or null (a visitor, or a token made by a tool). */
export const CurrentSession = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | null =>
    ctx.switchToHttp().getRequest<FastifyRequest>().sessionId ?? null,
);
